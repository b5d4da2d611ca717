// "Nothing reloads under a user typing": the guard's waits and releases.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { isUserTyping, runWhenNotTyping, trackTyping } from './typing-guard'

beforeAll(() => trackTyping())
afterEach(() => {
  document.body.innerHTML = ''
  vi.useRealTimers()
})

const type = (el: HTMLInputElement | HTMLTextAreaElement, text: string) => {
  el.value = text
  el.dispatchEvent(new Event('input', { bubbles: true }))
}

describe('runWhenNotTyping', () => {
  it('runs at once when nobody is typing', () => {
    document.body.innerHTML = '<input id="q" value="prefilled by the page" /><button>go</button>'
    const action = vi.fn()
    runWhenNotTyping(action)
    expect(action).toHaveBeenCalledOnce()
  })

  it('waits while a text field has focus, and runs after it loses it', () => {
    vi.useFakeTimers()
    document.body.innerHTML = '<input id="q" /><button id="b">go</button>'
    document.getElementById('q')!.focus()
    const action = vi.fn()
    runWhenNotTyping(action)
    vi.advanceTimersByTime(1000)
    expect(action).not.toHaveBeenCalled()
    document.getElementById('b')!.focus()
    vi.advanceTimersByTime(400)
    expect(action).toHaveBeenCalledOnce()
  })

  it('waits while an unsent message is in a textarea even unfocused, until it is sent (submitted and cleared)', () => {
    vi.useFakeTimers()
    document.body.innerHTML = '<form id="f"><textarea id="t"></textarea><button id="b">Send</button></form>'
    const textarea = document.getElementById('t') as HTMLTextAreaElement
    textarea.focus()
    type(textarea, 'See you Tuesday')
    document.getElementById('b')!.focus()
    expect(isUserTyping()).toBe(true)
    const action = vi.fn()
    runWhenNotTyping(action)
    vi.advanceTimersByTime(1000)
    expect(action).not.toHaveBeenCalled()
    document.getElementById('f')!.dispatchEvent(new Event('submit', { bubbles: true }))
    textarea.value = ''
    vi.advanceTimersByTime(400)
    expect(action).toHaveBeenCalledOnce()
  })

  it('counts text the user typed into an input, not text the page put there', () => {
    document.body.innerHTML = '<input id="a" value="from the page" /><input id="b" />'
    expect(isUserTyping()).toBe(false)
    type(document.getElementById('b') as HTMLInputElement, 'half an address')
    expect(isUserTyping()).toBe(true)
  })

  it('can be cancelled', () => {
    vi.useFakeTimers()
    document.body.innerHTML = '<textarea id="t"></textarea>'
    type(document.getElementById('t') as HTMLTextAreaElement, 'draft')
    const action = vi.fn()
    const cancel = runWhenNotTyping(action)
    cancel()
    ;(document.getElementById('t') as HTMLTextAreaElement).value = ''
    document.dispatchEvent(new Event('focusout'))
    vi.advanceTimersByTime(1000)
    expect(action).not.toHaveBeenCalled()
  })
})
