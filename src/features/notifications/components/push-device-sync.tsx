// Mounted once while signed in: links this device's subscription back after signing in again, and
// follows a clicked notification inside the running app (the worker posts OPEN_URL).
import { useEffect } from 'react'
import { useRouter } from '@tanstack/react-router'
import { SW_MESSAGE } from '@contract/sw-protocol'
import { relinkPush } from '../lib/push-device'

export function PushDeviceSync({ userId }: { userId: string }) {
  const router = useRouter()
  useEffect(() => {
    relinkPush(userId).catch((err: unknown) => console.error('Could not link notifications to this device', err))
  }, [userId])
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return
    const onMessage = (event: MessageEvent<{ type?: string; url?: unknown }>) => {
      const url = event.data?.url
      if (event.data?.type === SW_MESSAGE.openUrl && typeof url === 'string' && url.startsWith('/') && !url.startsWith('//')) router.history.push(url)
    }
    navigator.serviceWorker.addEventListener('message', onMessage)
    return () => navigator.serviceWorker.removeEventListener('message', onMessage)
  }, [router])
  return null
}
