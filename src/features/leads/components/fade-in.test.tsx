import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FadeIn } from './fade-in'

type Callback = (entries: { isIntersecting: boolean }[]) => void
let observed: Callback[] = []
class FakeObserver {
  constructor(private cb: Callback) {
    observed.push(cb)
  }
  observe() {}
  disconnect() {}
}

afterEach(() => {
  cleanup()
  observed = []
  vi.unstubAllGlobals()
})

const block = () => screen.getByText('content').parentElement!

describe('FadeIn', () => {
  it('stays hidden until scrolled into view, then fades in once', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    vi.stubGlobal('matchMedia', () => ({ matches: false }))
    const now = vi.spyOn(performance, 'now').mockReturnValue(0)
    render(
      <FadeIn>
        <span>content</span>
      </FadeIn>,
    )
    expect(block().dataset.visible).toBe('false')
    expect(block().className).toContain('opacity-0')
    now.mockReturnValue(5000)
    act(() => observed[0]!([{ isIntersecting: true }]))
    expect(block().dataset.visible).toBe('true')
    expect(block().className).toContain('motion-safe:transition')
    now.mockRestore()
  })

  it('shows blocks already on screen without animating', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    vi.stubGlobal('matchMedia', () => ({ matches: false }))
    render(
      <FadeIn>
        <span>content</span>
      </FadeIn>,
    )
    act(() => observed[0]!([{ isIntersecting: true }]))
    expect(block().dataset.visible).toBe('true')
    expect(block().className).not.toContain('transition')
  })

  it('never animates for users who prefer reduced motion', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('reduce') }))
    render(
      <FadeIn>
        <span>content</span>
      </FadeIn>,
    )
    expect(block().dataset.visible).toBe('true')
    expect(block().className).not.toContain('transition')
    expect(observed).toHaveLength(0)
  })
})
