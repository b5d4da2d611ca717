// Loading indicators: an inline spinner and the full-page one routes show while a chunk or data loads.
const TONES = { brand: 'border-stone-300 border-t-brand-700', onBrand: 'border-white/40 border-t-white' }

/** `label={null}`: a mark beside a control that says it is busy itself (`aria-busy`), hidden from screen readers. */
export function Spinner({
  className = 'h-6 w-6',
  label = 'Loading',
  tone = 'brand',
}: {
  className?: string
  label?: string | null
  tone?: keyof typeof TONES
}) {
  const a11y = label === null ? { 'aria-hidden': true } : { role: 'status', 'aria-label': label }
  return <span {...a11y} className={`inline-block animate-spin rounded-full border-2 ${TONES[tone]} ${className}`} />
}

export function PageSpinner() {
  return (
    <div className="grid min-h-[50vh] place-items-center" data-testid="page-spinner">
      <Spinner className="h-10 w-10 border-4" />
    </div>
  )
}
