// A controlled page's API calls go through its service worker, whose fetches are another DevTools target
// than the page: the page's own CDP session does not see them on the wire (it sees the worker's answer).
// This attaches to every service worker of one browser context through a browser CDP session
// (Target.attachToTarget without flattening, so only public Playwright API is used) and passes the
// worker's Network events on.
import type { Browser, CDPSession } from 'playwright-core'

export interface WorkerNetwork {
  /** Called with each Network event of any of the context's service workers. */
  onEvent(listener: (method: string, params: Record<string, unknown>) => void): void
  /** How many workers are attached. */
  attached(): number
  close(): Promise<void>
}

export async function watchServiceWorkers(browser: Browser, pageSession: CDPSession): Promise<WorkerNetwork> {
  const { targetInfo } = await pageSession.send('Target.getTargetInfo')
  const contextId = targetInfo.browserContextId
  const session = await browser.newBrowserCDPSession()
  const listeners: ((method: string, params: Record<string, unknown>) => void)[] = []
  const attachedTargets = new Set<string>()
  let nextId = 0
  session.on('Target.receivedMessageFromTarget', (e) => {
    const message = JSON.parse(e.message) as { method?: string; params?: Record<string, unknown> }
    if (message.method?.startsWith('Network.')) for (const l of listeners) l(message.method, message.params ?? {})
  })
  const attach = async (targetId: string) => {
    if (attachedTargets.has(targetId)) return
    attachedTargets.add(targetId)
    try {
      const { sessionId } = await session.send('Target.attachToTarget', { targetId, flatten: false })
      const send = (method: string, params: Record<string, unknown> = {}) =>
        session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: ++nextId, method, params }) })
      await send('Network.enable')
    } catch {
      attachedTargets.delete(targetId)
    }
  }
  const consider = (info: { targetId: string; type: string; browserContextId?: string }) => {
    if (info.type === 'service_worker' && info.browserContextId === contextId) void attach(info.targetId)
  }
  session.on('Target.targetCreated', (e) => consider(e.targetInfo))
  session.on('Target.targetInfoChanged', (e) => consider(e.targetInfo))
  session.on('Target.targetDestroyed', (e) => attachedTargets.delete(e.targetId))
  await session.send('Target.setDiscoverTargets', { discover: true })
  for (const info of (await session.send('Target.getTargets')).targetInfos) consider(info)
  return {
    onEvent: (listener) => void listeners.push(listener),
    attached: () => attachedTargets.size,
    close: () => session.detach().catch(() => {}),
  }
}
