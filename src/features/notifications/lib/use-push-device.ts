// This device's push state for a component, with turn-on/turn-off actions and their outcome toasts.
import { useCallback, useEffect, useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { disablePush, enablePush, PushServiceTimeoutError, pushStateNow, readPushState, type PushDeviceState } from './push-device'

export const BLOCKED_MESSAGE = "Notifications are blocked for Nookshare. Allow them in your browser's site settings."

export function usePushDevice(userId: string) {
  // Known at the first render in most cases, so what depends on it (the chat's offer) doesn't shift the page.
  const [state, setState] = useState<PushDeviceState | 'loading'>(() => (typeof window === 'undefined' ? 'loading' : (pushStateNow() ?? 'loading')))
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    let live = true
    if (pushStateNow() !== undefined) return
    void readPushState().then((s) => live && setState(s))
    return () => {
      live = false
    }
  }, [])
  const run = useCallback(async (action: () => Promise<PushDeviceState>, success: string) => {
    setBusy(true)
    try {
      const next = await action()
      setState(next)
      if (next === 'denied') toast.error(BLOCKED_MESSAGE)
      else if (next === 'unsupported') toast.error("This browser can't show notifications.")
      else if (next === 'on' || next === 'off') toast.success(success)
      return next
    } catch (err) {
      toast.error(err instanceof PushServiceTimeoutError ? err.message : errorMessage(err, 'Could not change notifications. Please try again.'))
      return undefined
    } finally {
      setBusy(false)
    }
  }, [])
  const enable = useCallback(() => run(() => enablePush(userId), 'Notifications are on for this device.'), [run, userId])
  const disable = useCallback(() => run(disablePush, 'Notifications are off for this device.'), [run])
  return { state, busy, enable, disable }
}
