// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { lazyBackground } from './lazy-background'

describe('lazyBackground', () => {
  it('renders nothing while its chunk cannot load, and the component once it loads after coming back online', async () => {
    let fail = true
    let calls = 0
    const Part = lazyBackground<{ label: string }>(async () => {
      calls++
      if (fail) throw new TypeError('Failed to fetch dynamically imported module')
      return ({ label }) => <p>{label}</p>
    })
    render(
      <div>
        <h1>The page</h1>
        <Part label="background part" />
      </div>,
    )
    // Started in a task of its own, after the commit that mounted it.
    expect(calls).toBe(0)
    await act(async () => void (await new Promise((resolve) => setTimeout(resolve, 0))))
    expect(calls).toBe(1)
    expect(screen.getByRole('heading').textContent).toBe('The page')
    expect(screen.queryByText('background part')).toBeNull()

    fail = false
    await act(async () => void window.dispatchEvent(new Event('online')))
    expect(calls).toBe(2)
    expect(screen.getByText('background part')).toBeTruthy()
  })
})
