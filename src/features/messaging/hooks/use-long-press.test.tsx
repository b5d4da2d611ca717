import { act, cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useLongPress } from './use-long-press'

function Target({ onLongPress, onClick }: { onLongPress: () => void; onClick: () => void }) {
  const handlers = useLongPress(onLongPress)
  return (
    <button {...handlers} onClick={onClick}>
      Conversation
    </button>
  )
}

function setup() {
  const onLongPress = vi.fn()
  const onClick = vi.fn()
  const { getByRole } = render(<Target onLongPress={onLongPress} onClick={onClick} />)
  return { el: getByRole('button'), onLongPress, onClick }
}

const down = (el: HTMLElement, x = 100, y = 100) => fireEvent.pointerDown(el, { pointerType: 'touch', clientX: x, clientY: y, button: 0 })
const move = (el: HTMLElement, x: number, y: number) => fireEvent.pointerMove(el, { pointerType: 'touch', clientX: x, clientY: y })

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('long-press', () => {
  it('fires after 500 ms, not before', () => {
    const { el, onLongPress } = setup()
    down(el)
    act(() => void vi.advanceTimersByTime(499))
    expect(onLongPress).not.toHaveBeenCalled()
    act(() => void vi.advanceTimersByTime(1))
    expect(onLongPress).toHaveBeenCalledTimes(1)
  })

  it('tolerates up to 10 px of movement and cancels beyond', () => {
    const { el, onLongPress } = setup()
    down(el)
    move(el, 106, 108) // exactly 10 px away
    act(() => void vi.advanceTimersByTime(500))
    expect(onLongPress).toHaveBeenCalledTimes(1)

    down(el)
    move(el, 108, 108) // 11.3 px away
    act(() => void vi.advanceTimersByTime(600))
    expect(onLongPress).toHaveBeenCalledTimes(1)
  })

  it('lifting the finger early cancels it, and a normal tap still clicks', () => {
    const { el, onLongPress, onClick } = setup()
    down(el)
    act(() => void vi.advanceTimersByTime(300))
    fireEvent.pointerUp(el)
    act(() => void vi.advanceTimersByTime(500))
    expect(onLongPress).not.toHaveBeenCalled()
    fireEvent.click(el)
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('swallows the click that ends a long-press', () => {
    const { el, onLongPress, onClick } = setup()
    down(el)
    act(() => void vi.advanceTimersByTime(500))
    fireEvent.pointerUp(el)
    fireEvent.click(el)
    expect(onLongPress).toHaveBeenCalledTimes(1)
    expect(onClick).not.toHaveBeenCalled()
  })
})
