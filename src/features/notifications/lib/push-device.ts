// This device's Web Push state: whether it can have notifications at all (iOS only from the Home Screen),
// turning them on (permission, then a subscription saved on the server) and off.
import { isIosSafari, isStandalone } from '../../../lib/install-prompt'
import { LS, readLocal, writeLocal } from '../../../lib/storage-keys'
import { dropSubscription, getPublicKey, saveSubscription } from '../api/push-calls'

export type PushDeviceState = 'on' | 'off' | 'denied' | 'ios-home-screen' | 'unsupported'

const isIos = (win: Window) => isIosSafari(win.navigator.userAgent, win.navigator.maxTouchPoints) || /iPhone|iPad|iPod/.test(win.navigator.userAgent)

export function canUsePush(win: Window = window): boolean {
  return 'serviceWorker' in win.navigator && 'PushManager' in win && 'Notification' in win
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined
  return navigator.serviceWorker.getRegistration('/')
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await registration()
  return (await reg?.pushManager?.getSubscription()) ?? null
}

/** What is known at once; undefined when only the subscription can tell (permission granted). */
export function pushStateNow(win: Window = window): PushDeviceState | undefined {
  if (isIos(win) && !isStandalone(win)) return 'ios-home-screen'
  if (!canUsePush(win)) return 'unsupported'
  if (Notification.permission === 'denied') return 'denied'
  if (Notification.permission !== 'granted') return 'off'
  return undefined
}

export async function readPushState(win: Window = window): Promise<PushDeviceState> {
  return pushStateNow(win) ?? ((await currentSubscription()) ? 'on' : 'off')
}

const keyBytes = (base64url: string) => {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'))
  return Uint8Array.from(raw, (c) => c.charCodeAt(0))
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) => Boolean(a) && new Uint8Array(a!).every((x, i) => x === b[i]) && a!.byteLength === b.length

/** How long the browser's push service gets to hand out a subscription before we stop waiting. */
export const PUSH_SERVICE_WAIT_MS = 15_000

export const PUSH_SERVICE_SILENT_MESSAGE = "Your browser's push service didn't answer, so notifications aren't on. Check your connection and try again."

/** The browser's push service never answered (blocked network, no push service): subscribe can hang for minutes. */
export class PushServiceTimeoutError extends Error {
  constructor() {
    super(PUSH_SERVICE_SILENT_MESSAGE)
    this.name = 'PushServiceTimeoutError'
  }
}

function withinPushWait<T>(work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const giveUp = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushServiceTimeoutError()), PUSH_SERVICE_WAIT_MS)
  })
  return Promise.race([work, giveUp]).finally(() => clearTimeout(timer))
}

/** This browser's subscription for our key (an old key's subscription is replaced). */
async function subscribeDevice(reg: ServiceWorkerRegistration, key: Uint8Array<ArrayBuffer>): Promise<PushSubscription> {
  let subscription = await reg.pushManager.getSubscription()
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe()
    subscription = null
  }
  return subscription ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }))
}

/** Must run from a click: asks for permission, subscribes, and saves the subscription for this user. */
export async function enablePush(userId: string): Promise<PushDeviceState> {
  if (!canUsePush(window)) return 'unsupported'
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off'
  const reg = await Promise.race([navigator.serviceWorker.ready, new Promise<undefined>((r) => setTimeout(() => r(undefined), 10_000))])
  if (!reg) return 'unsupported'
  const key = keyBytes(await getPublicKey())
  const subscription = await withinPushWait(subscribeDevice(reg, key))
  await saveSubscription(subscription.toJSON())
  writeLocal(LS.pushUser, userId)
  return 'on'
}

export async function disablePush(): Promise<PushDeviceState> {
  const subscription = await currentSubscription()
  if (subscription) {
    await dropSubscription(subscription.endpoint).catch(() => {})
    await subscription.unsubscribe()
  }
  writeLocal(LS.pushUser, null)
  return 'off'
}

/**
 * Logout removes the server's copy of this device; signing in again as the same user links it back
 * without asking (the permission stands). Another user on the device turns it on for themselves.
 */
export async function relinkPush(userId: string) {
  if (!canUsePush(window) || Notification.permission !== 'granted' || readLocal(LS.pushUser) !== userId) return
  const subscription = await currentSubscription()
  if (subscription) await saveSubscription(subscription.toJSON())
}
