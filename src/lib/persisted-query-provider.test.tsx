// The query client provider restores the saved cache before any query runs, then saves changes back.
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { QueryClient, useQuery } from '@tanstack/react-query'
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PersistedQueryProvider } from './persisted-query-provider'

afterEach(cleanup)

/** A persister in memory whose restore finishes when the test says so. */
function memoryPersister(saved?: PersistedClient) {
  let finish!: () => void
  const restoring = new Promise<void>((resolve) => (finish = resolve))
  const persister: Persister & { saved?: PersistedClient } = {
    saved,
    persistClient: vi.fn(async (client: PersistedClient) => void (persister.saved = client)),
    restoreClient: vi.fn(async () => (await restoring, persister.saved)),
    removeClient: vi.fn(async () => void (persister.saved = undefined)),
  }
  return { persister, finish }
}

function Profile({ fetch }: { fetch: () => Promise<string> }) {
  const q = useQuery({ queryKey: ['user-profile'], queryFn: fetch, staleTime: Infinity })
  return <p>{q.data ?? 'nothing yet'}</p>
}

describe('PersistedQueryProvider', () => {
  it('runs no query until the saved copy is restored, then shows the saved answer', async () => {
    const client = new QueryClient()
    const saved: PersistedClient = {
      timestamp: Date.now(),
      buster: '',
      clientState: {
        mutations: [],
        queries: [
          {
            queryKey: ['user-profile'],
            queryHash: '["user-profile"]',
            dehydratedAt: Date.now(),
            state: { data: 'Sam (saved)', dataUpdatedAt: Date.now(), status: 'success' } as never,
          },
        ],
      },
    }
    const { persister, finish } = memoryPersister(saved)
    const fetch = vi.fn(async () => 'Sam (fresh)')
    render(
      <PersistedQueryProvider client={client} persistOptions={{ persister }}>
        <Profile fetch={fetch} />
      </PersistedQueryProvider>,
    )
    await act(async () => {})
    expect(screen.getByText('nothing yet')).toBeTruthy()
    expect(fetch).not.toHaveBeenCalled()
    await act(async () => finish())
    await waitFor(() => expect(screen.getByText('Sam (saved)')).toBeTruthy())
    expect(fetch).not.toHaveBeenCalled()
  })

  it('fetches after an empty or failed restore, and saves what it fetched', async () => {
    const client = new QueryClient()
    const { persister, finish } = memoryPersister()
    persister.restoreClient = vi.fn(async () => {
      throw new Error('IndexedDB unavailable')
    })
    finish()
    render(
      <PersistedQueryProvider client={client} persistOptions={{ persister }}>
        <Profile fetch={async () => 'Sam (fresh)'} />
      </PersistedQueryProvider>,
    )
    await waitFor(() => expect(screen.getByText('Sam (fresh)')).toBeTruthy())
    await waitFor(() => expect(persister.persistClient).toHaveBeenCalled())
    expect(JSON.stringify(persister.saved)).toContain('Sam (fresh)')
  })
})
