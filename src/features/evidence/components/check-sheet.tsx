// A move-in or move-out check opened from its card (chat or /bookings): the photos (those still on this
// device shown as "Waiting for connection" until uploaded), the item list with notes, each side's
// confirmation, and the way to a claim. Adding a photo or an item clears both confirmations.
import { formatDay } from '@contract/format-date'
import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Sheet } from '../../../components/ui/sheet'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { CHECK_LABEL, CLAIM_WINDOW_DAYS, type CheckKind } from '@contract/evidence'
import { addItem, bookingEvidenceQueryOptions, confirmCheck } from '../api/evidence'
import { evidenceKeys } from '../api/keys'
import { newEvidenceClientId } from '../lib/client-id'
import { bothConfirmed, claimWindow, confirmationLine, countsLine } from '../lib/check-status'
import { deviceUtcOffset } from '../../../lib/evidence-outbox'
import { discardEvidencePhoto, evidenceOutboxQueryOptions, queueEvidencePhoto } from '../outbox/evidence-outbox-client'
import { ClaimForm } from './claim-form'
import { StoringChecklist } from './storing-checklist'
import { fitLines, readFit } from '@contract/fit'
import { EvidenceThumb, QueuedThumb } from './evidence-thumb'

interface Props {
  userId: string
  bookingId: string
  kind: CheckKind
  onClose: () => void
}

export function CheckSheet({ userId, bookingId, kind, onClose }: Props) {
  const [claiming, setClaiming] = useState(false)
  return (
    <Sheet open onClose={onClose} title={claiming ? 'Make a claim' : CHECK_LABEL[kind]}>
      {claiming ? (
        <ClaimForm userId={userId} bookingId={bookingId} onDone={() => setClaiming(false)} />
      ) : (
        <CheckBody userId={userId} bookingId={bookingId} kind={kind} onClaim={() => setClaiming(true)} />
      )}
    </Sheet>
  )
}

function CheckBody({ userId, bookingId, kind, onClaim }: { userId: string; bookingId: string; kind: CheckKind; onClaim: () => void }) {
  const queryClient = useQueryClient()
  const query = useQuery(bookingEvidenceQueryOptions(userId, bookingId))
  const outbox = useQuery(evidenceOutboxQueryOptions(userId))
  const [viewer, setViewer] = useState<string | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: evidenceKeys.all(userId) })
  const confirm = useMutation({
    mutationFn: () => confirmCheck(bookingId, kind),
    onSuccess: () => void refresh(),
    onError: (err) => toast.error(errorMessage(err, 'Could not confirm. Please try again.')),
  })

  const data = query.data
  const check = data?.checks.find((c) => c.kind === kind)
  const uploaded = new Set(check?.photos.map((p) => p.clientId))
  const queued = (outbox.data ?? []).filter((r) => r.bookingId === bookingId && r.kind === kind && !uploaded.has(r.clientId))
  const role = data?.role
  const isParty = role === 'renter' || role === 'host'
  const other = data && (role === 'host' ? data.booking.renter.firstName : data.booking.host.firstName)
  const storing = readFit(data?.booking.items)

  const onFiles = async (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      if (!file.type.startsWith('image/')) {
        toast.error(`${file.name} is not an image file`)
        continue
      }
      await queueEvidencePhoto(queryClient, {
        clientId: newEvidenceClientId(),
        userId,
        bookingId,
        kind,
        name: file.name || 'photo.jpg',
        type: file.type,
        blob: file,
        createdAt: new Date().toISOString(),
        utcOffset: deviceUtcOffset(),
      })
    }
  }

  if (query.isPending && queued.length === 0)
    return (
      <div className="grid place-items-center py-10">
        <Spinner className="h-7 w-7" />
      </div>
    )

  return (
    <div className="space-y-5" data-testid="check-sheet" data-kind={kind}>
      {data ? (
        <div className="text-sm text-stone-600">
          <p className="font-medium text-stone-800">{data.booking.storageTitle || 'Storage'}</p>
          <p data-testid="check-status" className={check && bothConfirmed(check) ? 'font-semibold text-brand-800' : undefined}>
            {check
              ? `${countsLine({ photoCount: check.photoCount + queued.length, itemCount: check.itemCount })} · ${confirmationLine(check, data.role, other ?? '')}`
              : ''}
          </p>
        </div>
      ) : (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
          Offline: photos you add are kept on this device and uploaded when you are back online.
        </p>
      )}

      <section aria-label="Photos">
        <div className="mb-2 flex items-center justify-between">
          <h3 className="font-semibold text-stone-900">Photos</h3>
          {(isParty || !data) && (
            <label className="btn-secondary cursor-pointer px-3 py-1.5">
              Add photos
              <input
                type="file"
                accept="image/*"
                multiple
                className="sr-only"
                data-testid="evidence-file-input"
                onChange={(e) => {
                  void onFiles(e.currentTarget.files)
                  e.currentTarget.value = ''
                }}
              />
            </label>
          )}
        </div>
        {check?.photos.length || queued.length ? (
          <div className="grid grid-cols-2 gap-3 min-[420px]:grid-cols-3">
            {check?.photos.map((p) => (
              <EvidenceThumb key={p.id} photo={p} onOpen={setViewer} />
            ))}
            {queued.map((r) => (
              <QueuedThumb
                key={r.clientId}
                blob={r.blob}
                status={r.status}
                error={r.error}
                onDiscard={() => void discardEvidencePhoto(queryClient, userId, r.clientId)}
              />
            ))}
          </div>
        ) : (
          <p className="text-sm text-stone-500">No photos yet. Photograph the space and what you store, up close where it matters.</p>
        )}
      </section>

      {data && check && kind === 'move_in' && storing && (
        <StoringChecklist
          title={role === 'renter' ? "What you're storing" : "What they're storing"}
          lines={fitLines(storing)}
          checked={new Set(check.items.map((i) => i.name))}
          canCheck={isParty}
          onCheck={async (line) => {
            await addItem(bookingId, kind, { name: line, note: '' })
            await refresh()
          }}
        />
      )}

      {data && check && (
        <ItemsSection
          items={check.items}
          canAdd={isParty}
          onAdd={async (name, note) => {
            await addItem(bookingId, kind, { name, note })
            await refresh()
          }}
        />
      )}

      {data && check && isParty && (
        <section className="space-y-2 border-t border-stone-200 pt-4">
          <p className="text-xs text-stone-500">Adding a photo or an item clears both confirmations: each side confirms what is there now.</p>
          {(role === 'renter' ? check.renterConfirmed : check.hostConfirmed) ? (
            <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-900" data-testid="my-confirmation">
              You confirmed this {CHECK_LABEL[kind].toLowerCase()}.
            </p>
          ) : (
            <button className="btn-primary w-full" disabled={confirm.isPending || queued.length > 0} onClick={() => confirm.mutate()}>
              I confirm this {CHECK_LABEL[kind].toLowerCase()}
            </button>
          )}
          {queued.length > 0 && <p className="text-xs text-stone-500">Confirm once every photo is uploaded.</p>}
          <ClaimEntry startDate={data.booking.startDate} claimDeadline={data.claimDeadline} onClaim={onClaim} />
        </section>
      )}

      {viewer && (
        <button className="fixed inset-0 z-[70] grid place-items-center bg-black/90 p-4" onClick={() => setViewer(null)} aria-label="Close photo">
          <img src={viewer} alt="" className="max-h-full max-w-full object-contain" />
        </button>
      )}
    </div>
  )
}

/** "Make a claim" while one can be made; otherwise why not. */
function ClaimEntry({ startDate, claimDeadline, onClaim }: { startDate: string; claimDeadline: string | null; onClaim: () => void }) {
  const w = claimWindow({ startDate, claimDeadline, windowDays: CLAIM_WINDOW_DAYS })
  if (w.open)
    return (
      <button className="btn-secondary w-full" onClick={onClaim}>
        Make a claim
      </button>
    )
  return (
    <p className="text-xs text-stone-500" data-testid="claim-closed">
      {w.notYet
        ? `Claims can be made from the first day of the rental (${formatDay(startDate)}).`
        : `Claims closed on ${claimDeadline ? formatDay(claimDeadline) : 'the end of the claim window'}.`}
    </p>
  )
}

function ItemsSection({
  items,
  canAdd,
  onAdd,
}: {
  items: { id: string; name: string; note: string }[]
  canAdd: boolean
  onAdd: (name: string, note: string) => Promise<void>
}) {
  const [name, setName] = useState('')
  const [note, setNote] = useState('')
  const add = useMutation({
    mutationFn: () => onAdd(name.trim(), note.trim()),
    onSuccess: () => {
      setName('')
      setNote('')
    },
    onError: (err) => toast.error(errorMessage(err, 'Could not add the item. Please try again.')),
  })
  return (
    <section aria-label="Items">
      <h3 className="mb-2 font-semibold text-stone-900">Items</h3>
      {items.length > 0 ? (
        <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200" data-testid="evidence-items">
          {items.map((i) => (
            <li key={i.id} className="px-3 py-2 text-sm">
              <span className="font-medium text-stone-900">{i.name}</span>
              {i.note && <span className="block text-stone-600">{i.note}</span>}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-stone-500">No items yet.</p>
      )}
      {canAdd && (
        <form
          className="mt-3 space-y-2"
          onSubmit={(e) => {
            e.preventDefault()
            if (name.trim()) add.mutate()
          }}
        >
          <input
            className="input"
            placeholder="Item (e.g. Bike)"
            aria-label="Item name"
            maxLength={80}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <input
            className="input"
            placeholder="Condition (e.g. scratch on the frame)"
            aria-label="Condition note"
            maxLength={300}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <button className="btn-secondary w-full" disabled={!name.trim() || add.isPending}>
            Add item
          </button>
        </form>
      )}
    </section>
  )
}
