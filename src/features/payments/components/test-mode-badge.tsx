// Every payment screen in the sandbox says so: nothing here reaches Stripe or moves money.
export function TestModeBadge() {
  return (
    <span
      className="inline-flex items-center gap-1.5 rounded-full border border-amber-300 bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900"
      title="Payments sandbox: no real Stripe account, no real money"
    >
      <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-amber-500" />
      Test mode
    </span>
  )
}
