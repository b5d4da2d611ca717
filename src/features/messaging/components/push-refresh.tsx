// A push arrived while the app is open: refresh the conversation list and that chat now rather than at
// the next poll (the worker posts PUSH_RECEIVED to every window).
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { SW_MESSAGE } from '@contract/sw-protocol'
import { conversationsQueryOptions } from '../api/conversations'
import { messagesQueryOptions } from '../api/messages'

export function PushRefresh({ userId }: { userId: string }) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return
    const onMessage = (event: MessageEvent<{ type?: string; chatWith?: unknown }>) => {
      if (event.data?.type !== SW_MESSAGE.pushReceived) return
      void queryClient.invalidateQueries({ queryKey: conversationsQueryOptions(userId).queryKey })
      const chatWith = event.data.chatWith
      if (typeof chatWith === 'string') void queryClient.invalidateQueries({ queryKey: messagesQueryOptions(userId, chatWith).queryKey })
    }
    navigator.serviceWorker.addEventListener('message', onMessage)
    return () => navigator.serviceWorker.removeEventListener('message', onMessage)
  }, [queryClient, userId])
  return null
}
