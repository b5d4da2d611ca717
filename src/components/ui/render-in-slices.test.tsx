// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react'
import { useLayoutEffect } from 'react'
import { describe, expect, it } from 'vitest'
import { RenderInSlices } from './render-in-slices'

describe('RenderInSlices', () => {
  it('commits the fallback first and renders the content after it; later updates render the content at once', async () => {
    const log: string[] = []
    function Fallback() {
      useLayoutEffect(() => void log.push('fallback committed'))
      return <p>Loading</p>
    }
    function Content({ label }: { label: string }) {
      log.push(`content rendered: ${label}`)
      useLayoutEffect(() => void log.push(`content committed: ${label}`))
      return <p>{label}</p>
    }
    const { rerender } = render(
      <RenderInSlices fallback={<Fallback />}>
        <Content label="Your dashboard" />
      </RenderInSlices>,
    )
    await act(async () => {})
    expect(log).toEqual(['fallback committed', 'content rendered: Your dashboard', 'content committed: Your dashboard'])
    expect(screen.getByText('Your dashboard')).toBeTruthy()
    expect(screen.queryByText('Loading')).toBeNull()

    log.length = 0
    rerender(
      <RenderInSlices fallback={<Fallback />}>
        <Content label="Updated" />
      </RenderInSlices>,
    )
    await act(async () => {})
    expect(log).toEqual(['content rendered: Updated', 'content committed: Updated'])
  })
})
