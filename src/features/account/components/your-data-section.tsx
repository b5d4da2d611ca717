// /profile's "Your data and help": download everything that is yours, or write to the Nookshare team.
import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { downloadMyData } from '../api/account-calls'

export function YourDataSection() {
  const [busy, setBusy] = useState(false)
  async function download() {
    setBusy(true)
    try {
      await downloadMyData()
    } catch (err) {
      toast.error(errorMessage(err, 'Could not prepare your data. Please try again.'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className="card space-y-4 p-5" aria-labelledby="your-data">
      <h2 id="your-data" className="text-lg font-semibold text-stone-900">
        Your data and help
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-stone-600">A copy of your profile, listings, bookings, messages, reviews, saved listings and payments, as a JSON file.</p>
        <button type="button" className="btn-secondary shrink-0" disabled={busy} onClick={() => void download()}>
          {busy ? 'Preparing…' : 'Download my data'}
        </button>
      </div>
      <div className="flex flex-col gap-3 border-t border-stone-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-stone-600">A question or a problem? Write to the Nookshare team in Messages.</p>
        <Link to="/messages" search={{ support: true }} className="btn-secondary shrink-0">
          Contact support
        </Link>
      </div>
    </section>
  )
}
