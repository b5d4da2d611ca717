// /profile's "Verifications": the badges earned, adding a phone (a texted 6-digit code) and verifying an
// ID with Stripe Identity (in the payments sandbox, a Test mode that passes or fails it).
import { useState, type FormEvent } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { serverFieldError } from '../../../lib/form-errors'
import { checkPhone, myVerificationsQueryOptions, sandboxIdOutcome, startId, startPhone } from '../api/verification-calls'
import { trustKeys } from '../api/keys'
import { VerifiedBadges } from '../../../components/ui/verified-badges'

type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'ok'; text: string } | { kind: 'error'; text: string }

export function VerificationsPanel({ userId }: { userId: string }) {
  const { data } = useQuery(myVerificationsQueryOptions(userId))
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: trustKeys.all })
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [phoneStatus, setPhoneStatus] = useState<Status>({ kind: 'idle' })
  const [idStatus, setIdStatus] = useState<Status>({ kind: 'idle' })
  const [testMode, setTestMode] = useState(false)

  async function run(set: (s: Status) => void, work: () => Promise<string>) {
    set({ kind: 'busy' })
    try {
      set({ kind: 'ok', text: await work() })
    } catch (err) {
      set({ kind: 'error', text: serverFieldError(err).message })
    }
    await refresh()
  }
  const sendCode = (e: FormEvent) => {
    e.preventDefault()
    void run(setPhoneStatus, async () => `Code sent to ${(await startPhone(phone)).phone}. It expires in 10 minutes.`)
  }
  const confirmCode = (e: FormEvent) => {
    e.preventDefault()
    void run(setPhoneStatus, async () => {
      await checkPhone(code)
      setCode('')
      return 'Phone verified.'
    })
  }
  const verifyId = () =>
    void run(setIdStatus, async () => {
      const session = await startId()
      if (session.testMode) {
        setTestMode(true)
        return 'Test mode: choose how the ID check ends.'
      }
      window.location.assign(session.url)
      return 'Opening Stripe…'
    })
  const finishTest = (outcome: 'verified' | 'requires_input' | 'canceled') =>
    void run(setIdStatus, async () => {
      await sandboxIdOutcome(outcome)
      setTestMode(false)
      return outcome === 'verified' ? 'Stripe confirmed your ID.' : outcome === 'canceled' ? 'Verification canceled.' : 'Stripe could not verify the document.'
    })

  if (!data) return null
  const badges = { email: data.email, phone: data.phone.verified, id: data.id.status === 'verified' }
  const statusLine = (s: Status) =>
    s.kind === 'ok' ? (
      <p role="status" className="text-sm text-emerald-800">
        {s.text}
      </p>
    ) : s.kind === 'error' ? (
      <p role="alert" className="text-sm text-red-700">
        {s.text}
      </p>
    ) : null

  return (
    <section aria-labelledby="verifications-title" className="card space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="verifications-title" className="text-lg font-semibold">
          Verifications
        </h2>
        <VerifiedBadges verifications={badges} />
      </div>
      <p className="text-sm text-stone-600">Badges show on your listings, chats and bookings, so people know who they deal with.</p>

      <div className="space-y-2 border-t border-stone-100 pt-4">
        <h3 className="font-medium text-stone-900">Phone</h3>
        {data.phone.verified && <p className="text-sm text-stone-700">Verified: {data.phone.number}</p>}
        <form className="flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={sendCode}>
          <label className="flex-1 text-sm">
            <span className="mb-1 block text-stone-700">{data.phone.verified ? 'Change number' : 'Mobile number'}</span>
            <input
              className="input w-full"
              type="tel"
              autoComplete="tel"
              placeholder="+1 416 555 0199"
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
              required
            />
          </label>
          <button className="btn-secondary" disabled={phoneStatus.kind === 'busy'}>
            Text me a code
          </button>
        </form>
        {data.phone.pending && (
          <form className="flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={confirmCode}>
            <label className="flex-1 text-sm">
              <span className="mb-1 block text-stone-700">6-digit code sent to {data.phone.pending}</span>
              <input
                className="input w-full tracking-widest"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="\d{6}"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                required
              />
            </label>
            <button className="btn-primary" disabled={phoneStatus.kind === 'busy'}>
              Verify phone
            </button>
          </form>
        )}
        {statusLine(phoneStatus)}
      </div>

      <div className="space-y-2 border-t border-stone-100 pt-4">
        <h3 className="font-medium text-stone-900">ID</h3>
        {data.id.status === 'verified' ? (
          <p className="text-sm text-stone-700">Your ID is verified by Stripe Identity.</p>
        ) : (
          <>
            <p className="text-sm text-stone-600">
              {testMode
                ? 'Your check is open in Test mode below.'
                : data.id.status === 'pending'
                  ? 'Waiting for Stripe to check your document.'
                  : data.id.status === 'requires_input'
                    ? 'Stripe could not verify your document. Try again with a clear photo.'
                    : 'A photo ID and a selfie, checked by Stripe. Some hosts ask for it before booking.'}
            </p>
            {!testMode && (
              <button type="button" className="btn-secondary" onClick={verifyId} disabled={idStatus.kind === 'busy'}>
                Verify my ID
              </button>
            )}
          </>
        )}
        {testMode && (
          <div role="group" aria-label="ID check test mode" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3">
            <p className="text-sm font-medium text-amber-900">Test mode: no document is checked. Stripe's webhook is sent as for a real check.</p>
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn-primary" onClick={() => finishTest('verified')}>
                Pass verification
              </button>
              <button type="button" className="btn-secondary" onClick={() => finishTest('requires_input')}>
                Fail verification
              </button>
              <button type="button" className="btn-secondary" onClick={() => finishTest('canceled')}>
                Cancel
              </button>
            </div>
          </div>
        )}
        {statusLine(idStatus)}
      </div>
    </section>
  )
}
