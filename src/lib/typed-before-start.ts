// What a person typed, pasted or autofilled into a page rendered on the server before the app ran. React
// hydrates a controlled field without touching its value (the text stays on screen) and without telling
// the component (its state keeps the value the server rendered, and no change event is replayed): left
// alone, a search would go out empty and an estimate never show. A form takes those values over instead.
import { useLayoutEffect, type RefObject } from 'react'

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/**
 * The field's value when it is not the one React rendered (which hydration leaves as its default), else
 * null. An empty field is never taken: the app may fill what the page was built without (a link's
 * prefill on /host), and clearing a box before the app runs is the one edit this gives up.
 */
export function typedValue(el: Field): string | null {
  if (el instanceof HTMLSelectElement) return Array.from(el.options).some((o) => o.selected !== o.defaultSelected) ? el.value : null
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) return null
  return el.value !== '' && el.value !== el.defaultValue ? el.value : null
}

/**
 * Once, as the component mounts (before the browser paints again, so no keystroke slips in between),
 * calls `take(name, value)` for each named field inside `container` whose value the person changed.
 */
export function useTakeOverTyped(container: RefObject<HTMLElement | null>, take: (name: string, value: string) => void) {
  useLayoutEffect(() => {
    const fields = container.current?.querySelectorAll<Field>('input[name], textarea[name], select[name]') ?? []
    for (const el of Array.from(fields)) {
      const value = typedValue(el)
      if (value !== null) take(el.name, value)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only what was there before the app ran
  }, [])
}
