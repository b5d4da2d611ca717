// Loading indicators: an inline spinner and the full-page one routes show while a chunk or data loads.
export function Spinner({ className = 'h-6 w-6', label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className={`inline-block animate-spin rounded-full border-2 border-stone-300 border-t-brand-700 ${className}`} />
  )
}

export function PageSpinner() {
  return (
    <div className="grid min-h-[50vh] place-items-center" data-testid="page-spinner">
      <Spinner className="h-10 w-10 border-4" />
    </div>
  )
}
