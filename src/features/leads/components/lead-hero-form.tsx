// The form card in a lead page's hero: the lead form until the lead is in, then the thank-you panel.
import { useState, type ReactNode } from 'react'
import type { LeadForm as LeadValues, LeadKind } from '../lib/submit-lead'
import { LeadForm } from './lead-form'
import { ThankYou } from './thank-you'

export function LeadHeroForm({ kind, title, initial, after }: { kind: LeadKind; title: string; initial?: Partial<LeadValues>; after?: ReactNode }) {
  const [done, setDone] = useState(false)
  return (
    <div id="lead-form" className="card scroll-mt-20 p-4 shadow-lg sm:p-7">
      {done ? (
        <ThankYou>{after}</ThankYou>
      ) : (
        <>
          <h2 className="mb-4 text-xl font-bold text-stone-900">{title}</h2>
          <LeadForm kind={kind} initial={initial} onThanks={() => setDone(true)} />
        </>
      )}
    </div>
  )
}
