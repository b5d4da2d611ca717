// "Nothing reloads under a user typing": runs a disruptive action (an update's reload) only when no
// text field has focus and no field holds text the user typed but has not submitted yet.
const TEXT_TYPES = new Set(['', 'text', 'search', 'email', 'tel', 'url', 'password', 'number'])
const edited = new WeakSet<Element>()
let tracking = false

function isTextField(el: Element | null): el is HTMLInputElement | HTMLTextAreaElement {
  if (!el) return false
  if (el.tagName === 'TEXTAREA') return true
  return el.tagName === 'INPUT' && TEXT_TYPES.has((el as HTMLInputElement).type)
}

/** Remembers fields the user typed into, until their form is submitted. */
export function trackTyping(doc: Document = document) {
  if (tracking) return
  tracking = true
  doc.addEventListener('input', (e) => isTextField(e.target as Element) && edited.add(e.target as Element), true)
  doc.addEventListener(
    'submit',
    (e) => {
      for (const el of Array.from((e.target as HTMLFormElement).elements ?? [])) edited.delete(el)
    },
    true,
  )
}

export function isUserTyping(doc: Document = document): boolean {
  const active = doc.activeElement
  if (isTextField(active) || (active instanceof HTMLElement && active.isContentEditable)) return true
  const fields = Array.from(doc.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('textarea, input'))
  return fields.some((f) => isTextField(f) && f.value.trim() !== '' && (f.tagName === 'TEXTAREA' || edited.has(f)))
}

/**
 * Runs `action` now if the user is not typing, else once they blur the field or submit the form (and
 * the field is empty or unfocused). Returns a function that cancels the wait.
 */
export function runWhenNotTyping(action: () => void, doc: Document = document): () => void {
  if (!isUserTyping(doc)) {
    action()
    return () => {}
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  const events = ['focusout', 'submit', 'input'] as const
  const check = () => {
    clearTimeout(timer)
    // After the event settles: a sent message clears its field, a blur moves focus elsewhere.
    timer = setTimeout(() => {
      if (isUserTyping(doc)) return
      cancel()
      action()
    }, 300)
  }
  const cancel = () => {
    clearTimeout(timer)
    for (const name of events) doc.removeEventListener(name, check, true)
  }
  for (const name of events) doc.addEventListener(name, check, true)
  return cancel
}
