// @vitest-environment jsdom
import { render } from '@testing-library/react'
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { useRefetchOnNews } from './refetch-on-news'

describe('useRefetchOnNews', () => {
  it('asks again when the signal moves, not for its first value nor when it stays', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
    let fetches = 0
    function Cards({ signal }: { signal?: string }) {
      useQuery({ queryKey: ['cards'], queryFn: async () => ++fetches })
      useRefetchOnNews(signal, ['cards'])
      return null
    }
    const at = (signal?: string) => (
      <QueryClientProvider client={client}>
        <Cards signal={signal} />
      </QueryClientProvider>
    )
    const view = render(at(undefined))
    await expect.poll(() => fetches).toBe(1)
    view.rerender(at('10:00'))
    view.rerender(at('10:00'))
    // An invalidation would have started a fetch within the render's effects.
    expect(client.isFetching()).toBe(0)
    expect(fetches).toBe(1)
    view.rerender(at('10:05'))
    await expect.poll(() => fetches).toBe(2)
    await expect.poll(() => client.isFetching()).toBe(0)
    expect(fetches).toBe(2)
    view.unmount()
  })
})
