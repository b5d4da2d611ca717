import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useState } from 'react'
import { SEARCH_DEBOUNCE_MS } from './country-list'
import { PhoneInput, PHONE_PLACEHOLDER } from './phone-input'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

function Harness({ initial = '', onValue = () => {} }: { initial?: string; onValue?: (v: string) => void }) {
  const [value, setValue] = useState(initial)
  return (
    <>
      <label htmlFor="p">Phone</label>
      <PhoneInput
        id="p"
        value={value}
        onChange={(v) => {
          setValue(v)
          onValue(v)
        }}
      />
      <button type="button">Outside</button>
    </>
  )
}

const countryButton = () => screen.getByRole('button', { name: /^Country:/ })
const openList = async () => {
  fireEvent.click(countryButton())
  return screen.findByRole('combobox', { name: 'Search countries' })
}
const highlighted = () => document.querySelector('[role="option"][data-highlighted]')?.textContent

describe('PhoneInput', () => {
  it('defaults to Canada, shows the placeholder and formats with the mask', () => {
    const values: string[] = []
    render(<Harness onValue={(v) => values.push(v)} />)
    expect(countryButton().textContent).toBe('Country: Canada, CA+1')
    const input = screen.getByLabelText('Phone') as HTMLInputElement
    expect(input.placeholder).toBe(PHONE_PLACEHOLDER)
    fireEvent.change(input, { target: { value: '4165550123' } })
    expect(input.value).toBe('(416) 555-0123')
    expect(values.at(-1)).toBe('+1 (416) 555-0123')
    fireEvent.change(input, { target: { value: '4165550123999999999' } })
    expect(values.at(-1)!.replace(/\D/g, '')).toHaveLength(15)
  })

  it('opens a combobox and listbox; arrow keys move the highlight and Enter selects', async () => {
    const values: string[] = []
    render(<Harness onValue={(v) => values.push(v)} />)
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '2071234567' } })
    const search = await openList()
    expect(countryButton().getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByRole('listbox', { name: 'Countries' })).toBeTruthy()
    // Focus moves to the search once the list has mounted (its effect runs after it appears).
    await waitFor(() => expect(document.activeElement).toBe(search))
    expect(highlighted()).toContain('Canada')
    fireEvent.keyDown(search, { key: 'ArrowDown' })
    expect(highlighted()).toContain('United States')
    expect(search.getAttribute('aria-activedescendant')).toBe(document.querySelector('[data-highlighted]')!.id)
    fireEvent.keyDown(search, { key: 'ArrowUp' })
    fireEvent.keyDown(search, { key: 'ArrowUp' })
    expect(highlighted()).toContain('Canada')
    fireEvent.keyDown(search, { key: 'ArrowDown' })
    fireEvent.keyDown(search, { key: 'Enter' })
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(countryButton().textContent).toBe('Country: United States, US+1')
    expect(document.activeElement).toBe(countryButton())
    expect(values.at(-1)).toBe('+1 (207) 123-4567')
  })

  it('filters 250 ms after typing stops', async () => {
    render(<Harness />)
    const search = await openList()
    vi.useFakeTimers()
    fireEvent.change(search, { target: { value: 'united k' } })
    act(() => void vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 10))
    expect(screen.getAllByRole('option').length).toBeGreaterThan(10)
    act(() => void vi.advanceTimersByTime(20))
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['GBUnited Kingdom+44'])
    fireEvent.keyDown(search, { key: 'Enter' })
    expect(countryButton().textContent).toBe('Country: United Kingdom, GB+44')
  })

  it('closes on Esc, on Tab and on an outside click without changing the country', async () => {
    render(<Harness />)
    fireEvent.keyDown(await openList(), { key: 'Escape' })
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(document.activeElement).toBe(countryButton())
    fireEvent.keyDown(await openList(), { key: 'Tab' })
    expect(screen.queryByRole('listbox')).toBeNull()
    await openList()
    fireEvent.mouseDown(screen.getByRole('button', { name: 'Outside' }))
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(countryButton().textContent).toBe('Country: Canada, CA+1')
  })

  it('picks the country of a pasted or prefilled international number', async () => {
    const values: string[] = []
    render(<Harness onValue={(v) => values.push(v)} />)
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '+44 7911 123456' } })
    await waitFor(() => expect(countryButton().textContent).toBe('Country: United Kingdom, GB+44'))
    expect(values.at(-1)).toBe('+44 7911 123456')
    cleanup()
    const prefilled: string[] = []
    render(<Harness initial="4165550100" onValue={(v) => prefilled.push(v)} />)
    expect(prefilled).toEqual(['+1 (416) 555-0100'])
    cleanup()
    render(<Harness initial="+1 (212) 555-0100" />)
    await waitFor(() => expect(countryButton().textContent).toBe('Country: United States, US+1'))
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('(212) 555-0100')
  })
})
