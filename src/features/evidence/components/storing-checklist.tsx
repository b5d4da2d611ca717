// The move-in check's list of what the renter said they would store (their "What fits?" list, kept on
// the booking): checking a line off adds it to the check's items, so both sides confirm it was there.
import { useMutation } from '@tanstack/react-query'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'

export function StoringChecklist({
  title,
  lines,
  checked,
  canCheck,
  onCheck,
}: {
  /** "What you're storing" for the renter, "What they're storing" for the host. */
  title: string
  lines: string[]
  /** The names already among the check's items. */
  checked: ReadonlySet<string>
  canCheck: boolean
  onCheck: (line: string) => Promise<void>
}) {
  const check = useMutation({
    mutationFn: onCheck,
    onError: (err) => toast.error(errorMessage(err, 'Could not add the item. Please try again.')),
  })
  return (
    <section aria-label={title}>
      <h3 className="mb-2 font-semibold text-stone-900">{title}</h3>
      <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200" data-testid="storing-checklist">
        {lines.map((line) => (
          <li key={line} className="flex min-h-12 items-center justify-between gap-3 px-3 py-1 text-sm">
            <span className="text-stone-900">{line}</span>
            {checked.has(line) ? (
              <span className="font-medium text-emerald-800">✓ Checked</span>
            ) : (
              canCheck && (
                <button
                  type="button"
                  className="btn-secondary min-h-10 py-1 text-sm"
                  aria-label={`Check off ${line}`}
                  disabled={check.isPending}
                  onClick={() => check.mutate(line)}
                >
                  Check off
                </button>
              )
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
