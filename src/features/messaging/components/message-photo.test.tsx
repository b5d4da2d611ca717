// A chat photo that failed offline loads again by itself when the browser is back online.
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MessagePhoto } from './message-photo'

const photoUrl = vi.hoisted(() => vi.fn<(id: string) => Promise<string>>())
vi.mock('../api/photos', () => ({ photoUrl }))

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('MessagePhoto', () => {
  it("shows 'Failed to load image' offline, then the photo once the 'online' event fires", async () => {
    // Offline: no timed retry, so only the 'online' event can bring the photo.
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    photoUrl.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue('blob:photo-1')
    render(<MessagePhoto photoId="p-1" more={0} onOpen={() => {}} />)
    // Generous waits: on a loaded machine jsdom's renders can take longer than the 1 s default.
    await screen.findByText('Failed to load image', {}, { timeout: 5_000 })
    // The failed state's effects (the 'online' listener) have run before the event is sent.
    await act(async () => {})
    onLine.mockReturnValue(true)
    act(() => void window.dispatchEvent(new Event('online')))
    await waitFor(() => expect(screen.getByRole('img', { name: 'Photo in message' }).getAttribute('src')).toBe('blob:photo-1'), { timeout: 5_000 })
    expect(photoUrl).toHaveBeenCalledTimes(2)
    // Loaded: further 'online' events fetch nothing.
    act(() => void window.dispatchEvent(new Event('online')))
    expect(photoUrl).toHaveBeenCalledTimes(2)
  })
})
