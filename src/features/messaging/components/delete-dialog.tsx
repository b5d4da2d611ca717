// The delete confirmation (spec: Messages screen), with its exact title, text and buttons.
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'

export function DeleteDialog({ busy, onConfirm, onCancel }: { busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog title="Delete Conversation" confirmLabel="Delete" cancelLabel="Cancel" danger busy={busy} onConfirm={onConfirm} onCancel={onCancel}>
      <p>Are you sure you want to delete this conversation? This action cannot be undone.</p>
    </ConfirmDialog>
  )
}
