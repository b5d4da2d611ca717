// The delete confirmation (spec: Messages screen), with its exact title, text and buttons.
import { useEffect, useRef } from 'react'

export function DeleteDialog({ busy, onConfirm, onCancel }: { busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const cancelRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    cancelRef.current?.focus()
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onCancel()
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [onCancel])
  return (
    <div className="fixed inset-0 z-[70] grid place-items-center bg-black/40 p-4" onClick={onCancel}>
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="delete-conversation-title"
        aria-describedby="delete-conversation-text"
        className="w-full max-w-sm rounded-2xl bg-white p-5 shadow-2xl"
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id="delete-conversation-title" className="text-lg font-semibold">
          Delete Conversation
        </h2>
        <p id="delete-conversation-text" className="mt-2 text-sm text-stone-600">
          Are you sure you want to delete this conversation? This action cannot be undone.
        </p>
        <div className="mt-5 flex justify-end gap-2">
          <button ref={cancelRef} className="btn-secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button className="btn-danger" onClick={onConfirm} disabled={busy}>
            Delete
          </button>
        </div>
      </div>
    </div>
  )
}
