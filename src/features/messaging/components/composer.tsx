// The message input (spec 4, 5): text or photos; attaching photos disables the text and shows the photo
// count as placeholder; every photo rule's message appears as a toast. It never waits for the network
// (issue 40): a send clears it at once (the message is queued), and it stays usable.
import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react'
import { readLocal, writeLocal } from '../../../lib/storage-keys'
import { toast } from '../../../lib/toast'
import { MESSAGE_ERRORS, MESSAGE_MAX_LENGTH } from '@contract/messaging'
import { photoPlaceholder, pickPhotos } from '../lib/photo-rules'

function Preview({ file, onRemove }: { file: File; onRemove: () => void }) {
  const url = useMemo(() => URL.createObjectURL(file), [file])
  useEffect(() => () => URL.revokeObjectURL(url), [url])
  return (
    <div className="relative">
      <img src={url} alt={file.name} className="h-16 w-16 rounded-lg object-cover" />
      <button
        type="button"
        aria-label={`Remove ${file.name}`}
        className="absolute -top-1.5 -right-1.5 grid h-6 w-6 place-items-center rounded-full bg-stone-800 text-sm text-white"
        onClick={onRemove}
      >
        ×
      </button>
    </div>
  )
}

export function Composer({
  onSend,
  draftKey,
  note,
}: {
  /** A line above the input about the draft (contact protection's warning). */
  note?: (draft: string) => ReactNode
  /** Queues the message; false (a rule refused it, the device could not keep it) puts the text back. */
  onSend: (text: string, photos: File[]) => Promise<boolean>
  /** Where the half-typed text is kept (localStorage), so a reload or a log-in-again finds it. */
  draftKey?: string
}) {
  const [text, setText] = useState(() => (draftKey ? (readLocal(draftKey) ?? '') : ''))
  useEffect(() => {
    if (draftKey) writeLocal(draftKey, text.trim() ? text : null)
  }, [draftKey, text])
  const [photos, setPhotos] = useState<File[]>([])
  const fileInput = useRef<HTMLInputElement>(null)
  const textInput = useRef<HTMLTextAreaElement>(null)
  const tooLong = text.trim().length > MESSAGE_MAX_LENGTH
  const canSend = !tooLong && (text.trim().length > 0 || photos.length > 0)

  const pick = (list: FileList | null) => {
    if (!list?.length) return
    const result = pickPhotos(photos, Array.from(list))
    result.errors.forEach((e) => toast.error(e))
    setPhotos(result.photos)
    if (fileInput.current) fileInput.current.value = ''
  }

  const submit = async (e?: FormEvent) => {
    e?.preventDefault()
    if (tooLong) return void toast.error(MESSAGE_ERRORS.tooLong)
    if (!canSend) return
    const [sentText, sentPhotos] = [text, photos]
    setText('')
    setPhotos([])
    requestAnimationFrame(() => textInput.current?.focus())
    if (!(await onSend(sentText, sentPhotos))) {
      setText((now) => now || sentText)
      setPhotos((now) => (now.length ? now : sentPhotos))
    }
  }

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault()
      void submit()
    }
  }

  return (
    <form
      onSubmit={submit}
      className="border-t border-stone-200 bg-white px-3 pt-2 pb-3"
      style={{ paddingBottom: 'max(0.75rem, env(safe-area-inset-bottom))' }}
    >
      {photos.length > 0 && (
        <div className="mb-2 flex flex-wrap gap-2" aria-label="Photos to send">
          {photos.map((f, i) => (
            <Preview key={`${f.name}-${i}`} file={f} onRemove={() => setPhotos((p) => p.filter((_, j) => j !== i))} />
          ))}
        </div>
      )}
      {note?.(text)}
      {tooLong && (
        <p role="alert" className="mb-1 text-xs text-red-700">
          {MESSAGE_ERRORS.tooLong}
        </p>
      )}
      <div className="flex items-end gap-2">
        <button
          type="button"
          aria-label="Attach photos"
          className="grid h-11 w-11 shrink-0 place-items-center rounded-full text-stone-600 hover:bg-stone-100 disabled:opacity-50"
          onClick={() => fileInput.current?.click()}
        >
          <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <circle cx="9" cy="11" r="2" />
            <path d="M21 17l-5-5-7 7" />
          </svg>
        </button>
        <input ref={fileInput} type="file" accept="image/*" multiple hidden data-testid="photo-input" onChange={(e) => pick(e.target.files)} />
        <label className="sr-only" htmlFor="message-text">
          Message
        </label>
        <textarea
          id="message-text"
          ref={textInput}
          rows={1}
          value={text}
          disabled={photos.length > 0}
          placeholder={photos.length > 0 ? photoPlaceholder(photos.length) : 'Type a message...'}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={tooLong}
          className="input max-h-32 min-h-11 resize-none rounded-2xl py-2.5"
        />
        <button type="submit" disabled={!canSend} className="btn-primary h-11 shrink-0 rounded-full px-5">
          Send
        </button>
      </div>
    </form>
  )
}
