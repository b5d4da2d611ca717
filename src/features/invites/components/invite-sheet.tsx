// The host's "Invite to book" form in a chat: one of their active listings, the dates, a monthly price
// within the invite bounds (half the listing's price to its price) and how long the invite stays open.
import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Sheet } from '../../../components/ui/sheet'
import { FormError, SelectField, TextField } from '../../../components/ui/field'
import { ApiError, errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { formatMoney, moneyInputValue, parseMoney } from '@contract/money'
import { INVITE_EXPIRIES, INVITE_EXPIRY_LABEL, invitePriceBounds, type InviteExpiry } from '@contract/invite'
import { sendInvite } from '../api/invites'
import { inviteKeys } from '../api/keys'

export interface InviteListing {
  id: string
  title: string
  priceCents: number
  currency: string
}

const FORM_FIELDS = ['storageId', 'startDate', 'endDate', 'monthlyCents', 'expiresIn']

const localToday = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10)
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)

export function InviteSheet({
  userId,
  renter,
  listings,
  onClose,
}: {
  userId: string
  renter: { id: string; firstName: string }
  listings: InviteListing[]
  onClose: () => void
}) {
  const queryClient = useQueryClient()
  const [storageId, setStorageId] = useState(listings[0]!.id)
  const listing = listings.find((l) => l.id === storageId) ?? listings[0]!
  const [startDate, setStartDate] = useState(plusDays(localToday(), 1))
  const [endDate, setEndDate] = useState('')
  const [price, setPrice] = useState(moneyInputValue(listing.priceCents, listing.currency))
  const [expiresIn, setExpiresIn] = useState<InviteExpiry>('3d')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const bounds = invitePriceBounds(listing.priceCents)
  const m = (c: number) => formatMoney(c, listing.currency)

  const send = useMutation({
    mutationFn: () => {
      const monthlyCents = parseMoney(price, listing.currency)
      if (monthlyCents === null || monthlyCents < bounds.min || monthlyCents > bounds.max) {
        throw new ApiError(400, `Choose a price between ${m(bounds.min)} and ${m(bounds.max)} a month.`, null, 'invites', 'monthlyCents')
      }
      return sendInvite({ storageId, renterId: renter.id, startDate, endDate: endDate || null, monthlyCents, expiresIn })
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: inviteKeys.pair(userId, renter.id) })
      toast.success(`Invite sent to ${renter.firstName}`)
      onClose()
    },
    onError: (err) => {
      const field = err instanceof ApiError ? err.field : undefined
      const message = errorMessage(err, 'The invite could not be sent. Please try again.')
      // A field of the form shows under it; anything else (the payment setup, the listing) above the button.
      setErrors(field && FORM_FIELDS.includes(field) ? { [field]: message } : { form: message })
    },
  })

  return (
    <Sheet
      open
      onClose={onClose}
      title="Invite to book"
      footer={
        <button type="button" className="btn-primary min-h-11 w-full" disabled={send.isPending} onClick={() => send.mutate()} data-testid="send-invite">
          {send.isPending ? 'Sending…' : `Send invite to ${renter.firstName}`}
        </button>
      }
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault()
          send.mutate()
        }}
      >
        <p className="text-sm text-stone-600">{renter.firstName} can book at once at this price, until the invite expires: you do not need to accept.</p>
        {listings.length > 1 && (
          <SelectField
            label="Listing"
            value={storageId}
            onChange={(e) => {
              const next = listings.find((l) => l.id === e.target.value)!
              setStorageId(next.id)
              setPrice(moneyInputValue(next.priceCents, next.currency))
            }}
            options={listings.map((l) => ({ value: l.id, label: l.title }))}
            error={errors.storageId}
          />
        )}
        {listings.length === 1 && <p className="font-semibold text-stone-900">{listing.title}</p>}
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Start date"
            type="date"
            required
            min={localToday()}
            value={startDate}
            onChange={(e) => setStartDate(e.target.value)}
            error={errors.startDate}
          />
          <TextField
            label="End date"
            type="date"
            min={startDate}
            value={endDate}
            onChange={(e) => setEndDate(e.target.value)}
            error={errors.endDate}
            hint="Empty: monthly"
          />
        </div>
        <TextField
          label="Price per month"
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          error={errors.monthlyCents}
          hint={`Between ${m(bounds.min)} and ${m(bounds.max)} (your listed price)`}
        />
        <SelectField
          label="Expires after"
          value={expiresIn}
          onChange={(e) => setExpiresIn(e.target.value as InviteExpiry)}
          options={(Object.keys(INVITE_EXPIRIES) as InviteExpiry[]).map((k) => ({ value: k, label: INVITE_EXPIRY_LABEL[k] }))}
          error={errors.expiresIn}
        />
        <FormError message={errors.form} />
      </form>
    </Sheet>
  )
}

/** Above the composer, for a host with an active listing: opens the form. */
export function InviteButton({ userId, renter, listings }: { userId: string; renter: { id: string; firstName: string }; listings: InviteListing[] }) {
  const [open, setOpen] = useState(false)
  if (listings.length === 0) return null
  return (
    <>
      <button type="button" className="btn-secondary min-h-11 px-3 text-sm" onClick={() => setOpen(true)} data-testid="invite-to-book">
        Invite {renter.firstName} to book
      </button>
      {open && <InviteSheet userId={userId} renter={renter} listings={listings} onClose={() => setOpen(false)} />}
    </>
  )
}
