// The page's side of the action queue (action-queue.ts): a step is kept on the device and shown as
// pending where it was taken at once, then the queue engine's runner sends it (now if the link allows,
// else when it returns), and the service worker too where the page cannot (Background Sync, or its start:
// sw/action-sync.ts). Features register what an answer means for their screens (toast, refetch), whoever
// sent the step.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { API_URL, handleUnauthorized } from './api-client'
import {
  ACTION_QUEUE_CHANNEL,
  ACTION_SYNC_TAG,
  actionQueueDef,
  discardAction,
  flushActions,
  listActions,
  openActionQueue,
  queueAction,
  type ActionQueueEvent,
  type QueuedAction,
} from './action-queue'
import { dropOtherUsers, type QueueEvent } from './queue-engine'
import { pageQueueSession, perUserRunner } from './queue-runner'
import { registerBackgroundSync } from './background-sync'

let store: ReturnType<typeof openActionQueue> | undefined
export const actionStore = () => (store ??= openActionQueue())

export const actionQueueKeys = {
  all: ['action-queue'] as const,
  list: (userId: string) => [...actionQueueKeys.all, userId] as const,
}

/** The user's steps not yet applied (IndexedDB, so it works offline: networkMode 'always'). */
export const actionQueueQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: actionQueueKeys.list(userId),
    queryFn: () => listActions(actionStore(), userId),
    networkMode: 'always',
    staleTime: Infinity,
    meta: { persist: false },
  })

type Handler = (event: QueueEvent<QueuedAction>, queryClient: QueryClient) => unknown
const handlers = new Map<string, Handler>()
/** What an answer to a step of `kind` means for its feature's screens (called once per sent or refused step). */
export const onActionAnswered = (kind: string, handler: Handler) => void handlers.set(kind, handler)

async function runHandlers(queryClient: QueryClient, events: QueueEvent<QueuedAction>[]) {
  for (const e of events) {
    try {
      await handlers.get(e.record.kind)?.(e, queryClient)
    } catch (err) {
      console.error('Queued action handler failed', err)
    }
  }
}

async function flushOnce(queryClient: QueryClient, userId: string, signal: AbortSignal) {
  const session = pageQueueSession(userId)
  if (!session) return undefined
  const events: QueueEvent<QueuedAction>[] = []
  const result = await flushActions(actionStore(), session, { signal, onEvent: (e) => events.push(e) })
  await queryClient.invalidateQueries({ queryKey: actionQueueKeys.list(userId) })
  await runHandlers(queryClient, events)
  return result
}

/** A step the service worker sent or saw refused: this tab's screens learn it as from its own flush. */
export async function applyWorkerActionEvent(queryClient: QueryClient, userId: string, event: ActionQueueEvent) {
  if (event.record?.userId !== userId) return
  await queryClient.invalidateQueries({ queryKey: actionQueueKeys.list(userId) })
  await runHandlers(queryClient, [event])
}

/** Where the worker tells tabs what it did with the queue (null without BroadcastChannel). */
export const actionQueueChannel = () => (typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(ACTION_QUEUE_CHANNEL))

const runner = perUserRunner((queryClient, userId) => ({
  flush: (signal) => flushOnce(queryClient, userId, signal),
  onStopped: (result) => {
    if (result.stopped === 'unauthorized') handleUnauthorized(`${API_URL}/bookings`)
    else void registerBackgroundSync(ACTION_SYNC_TAG)
  },
}))

/** Sends this user's queued steps; calls while one runs are folded into one more pass. */
export const flushActionQueue = (queryClient: QueryClient, userId: string): Promise<void> => runner.of(queryClient, userId).kick()

export const stopActionQueue = () => runner.stop()

/** Someone signed in: steps another user left unsent on this device are not theirs. */
export const dropOtherUsersActions = (userId: string) => dropOtherUsers(actionStore(), userId, actionQueueDef.key)

/** Takes a step: shown as pending at once, kept on the device, sent in order by the runner. */
export async function takeAction(queryClient: QueryClient, action: Pick<QueuedAction, 'userId' | 'kind' | 'target' | 'path' | 'body'>) {
  const record = await queueAction(actionStore(), action)
  queryClient.setQueryData(actionQueueKeys.list(action.userId), (old: QueuedAction[] = []) => [...old.filter((a) => a.id !== record.id), record])
  // The worker is asked only when this page cannot send now (offline, or the runner found no answer).
  if (navigator.onLine === false) void registerBackgroundSync(ACTION_SYNC_TAG)
  void flushActionQueue(queryClient, action.userId)
  return record
}

/** The user read a refused step's reason and closed it. */
export async function dismissAction(queryClient: QueryClient, userId: string, id: string) {
  await discardAction(actionStore(), id)
  await queryClient.invalidateQueries({ queryKey: actionQueueKeys.list(userId) })
}

/** The user's queued steps about `target` (pending or refused), oldest first. */
export function useQueuedActions(userId: string | undefined, target: string): QueuedAction[] {
  const { data } = useQuery({ ...actionQueueQueryOptions(userId ?? ''), enabled: Boolean(userId) })
  return (data ?? []).filter((a) => a.target === target)
}
