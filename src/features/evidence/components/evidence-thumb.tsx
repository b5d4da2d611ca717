// One evidence photo (fetched with the bearer token) as a square tile, with when it was taken (the camera's
// time, when the photo has one) and when the server received it.
import { useEffect, useState } from 'react'
import type { EvidencePhoto } from '@contract/evidence'
import { evidencePhotoUrl } from '../api/evidence'
import { clockTime, shortTime } from '../lib/check-status'

export function EvidenceThumb({ photo, onOpen }: { photo: EvidencePhoto; onOpen?: (url: string) => void }) {
  const [url, setUrl] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    evidencePhotoUrl(photo.id).then(
      (u) => live && setUrl(u),
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [photo.id])
  // Both stamps: the camera's own time when the photo has one, and always the server's.
  const taken = photo.capturedAt ? `Taken ${shortTime(photo.capturedAt)}` : null
  // Taken and uploaded the same day: the upload's time alone.
  const sameDay = photo.capturedAt && new Date(photo.capturedAt).toDateString() === new Date(photo.receivedAt).toDateString()
  const received = `Uploaded ${sameDay ? clockTime(photo.receivedAt) : shortTime(photo.receivedAt)}`
  const caption = taken ? `${taken}, ${received.toLowerCase()}` : received
  const image = url ? (
    <img src={url} alt="" className="h-full w-full object-cover" />
  ) : (
    <span className="grid h-full place-items-center text-xs text-stone-500">{failed ? 'Could not load' : 'Loading…'}</span>
  )
  const box = 'block aspect-square w-full overflow-hidden rounded-lg bg-stone-100'
  return (
    <figure className="relative" data-testid="evidence-photo" data-photo-id={photo.id}>
      {/* Without onOpen (a claim's checkbox label wraps it) a tap must reach the label, not a button. */}
      {onOpen ? (
        <button type="button" className={box} onClick={() => url && onOpen(url)} aria-label={`Open photo (${caption})`}>
          {image}
        </button>
      ) : (
        <span className={box}>{image}</span>
      )}
      <figcaption className="mt-1 text-[11px] leading-tight text-stone-600" data-testid="evidence-photo-times">
        {taken && <span className="block font-medium text-stone-800">{taken}</span>}
        <span className="block">{received}</span>
      </figcaption>
    </figure>
  )
}

/** A photo still on this device: shown from its file, marked as waiting (or refused, with Remove). */
export function QueuedThumb({ blob, status, error, onDiscard }: { blob: Blob; status: 'pending' | 'failed'; error?: string; onDiscard: () => void }) {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    const u = URL.createObjectURL(blob)
    setUrl(u)
    return () => URL.revokeObjectURL(u)
  }, [blob])
  return (
    <figure className="relative" data-testid="queued-photo" data-status={status}>
      <div className="relative aspect-square overflow-hidden rounded-lg bg-stone-100">
        {url && <img src={url} alt="" className="h-full w-full object-cover opacity-60" />}
        <span className="absolute inset-x-1 bottom-1 rounded bg-stone-900/75 px-1.5 py-0.5 text-center text-[11px] leading-tight font-medium text-white">
          {status === 'pending' ? 'Waiting for connection' : 'Not added'}
        </span>
      </div>
      {status === 'failed' && (
        <figcaption className="mt-1 text-[11px] text-red-700">
          {error}{' '}
          <button type="button" className="font-semibold underline" onClick={onDiscard}>
            Remove
          </button>
        </figcaption>
      )}
    </figure>
  )
}
