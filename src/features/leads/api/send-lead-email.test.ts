import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireImageRequest, leadEmailUrl } from './send-lead-email'

afterEach(() => vi.useRealTimers())

describe('lead email image request', () => {
  it('puts the lead in the query string of /api/lead-email', () => {
    const url = new URL(leadEmailUrl({ name: 'Ann Lee', email: 'ann@example.com', phone: '+1 416', source: '/host', browser: 'Instagram' }), 'http://x')
    expect(url.pathname).toBe('/api/lead-email')
    expect(Object.fromEntries(url.searchParams)).toEqual({ name: 'Ann Lee', email: 'ann@example.com', phone: '+1 416', source: '/host', browser: 'Instagram' })
  })

  it('resolves on load and rejects on error, so the caller can fall back to POST /send-email', async () => {
    const ok = {} as HTMLImageElement
    const loaded = fireImageRequest('/a', () => ok)
    ok.onload!(new Event('load'))
    await expect(loaded).resolves.toBeUndefined()
    const bad = {} as HTMLImageElement
    const failed = fireImageRequest('/b', () => bad)
    bad.onerror!(new Event('error'))
    await expect(failed).rejects.toThrow('lead-email failed')
    expect(bad.src).toBe('/b')
  })
})
