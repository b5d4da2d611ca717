// Tells the host that an admin unpublished their listing, why, and that only an admin can lift the hold.
export function HoldNotice({ reason, className = '' }: { reason: string; className?: string }) {
  return (
    <p role="status" data-testid="hold-notice" className={`rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950 ${className}`}>
      <span className="font-semibold">Held by an admin:</span> {reason.replace(/[.\s]+$/, '') || 'no reason given'}. You can still edit it, but it can't be
      published again until an admin lifts the hold.
    </p>
  )
}
