// Background Sync: asks the service worker to send a queue (its tag) when the connection is back, even
// with no tab open. An extra where the browser has it (Chromium); every queue is also sent by the page on
// 'online', on start and when the server answers again, and by the worker's start elsewhere.
export async function registerBackgroundSync(tag: string) {
  try {
    const reg = await navigator.serviceWorker?.getRegistration()
    const sync = (reg as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync
    await sync?.register(tag)
  } catch {
    /* No worker, no Background Sync, or refused: the other ways above still send. */
  }
}
