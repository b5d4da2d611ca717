// A dashboard opened offline that this device has never saved: say so plainly.
export function OfflineUnsaved() {
  return (
    <div className="mx-auto max-w-md px-4 py-20 text-center" role="status" data-testid="dashboard-offline-unsaved">
      <h1 className="text-2xl font-bold text-stone-900">You're offline</h1>
      <p className="mt-2 text-stone-600">This dashboard hasn't been saved on this device yet. It will load as soon as you're back online.</p>
    </div>
  )
}
