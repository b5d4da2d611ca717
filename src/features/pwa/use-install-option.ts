// Which install path this browser offers now ('prompt', 'ios' or none), and the iOS sheet's open state.
import { useSyncExternalStore } from 'react'
import { getInstallOption, subscribeInstallOption } from '../../lib/install-prompt'
import { PRODUCT, readLocal, writeLocal } from '../../lib/storage-keys'

export const LS_IOS_HINT = `${PRODUCT}_iosInstallHintShown`

export const useInstallOption = () =>
  useSyncExternalStore(
    subscribeInstallOption,
    () => getInstallOption(),
    () => null,
  )

let sheetOpen = false
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())
const subscribe = (l: () => void) => (listeners.add(l), () => void listeners.delete(l))

export function openIosSheet() {
  sheetOpen = true
  emit()
}
export function closeIosSheet() {
  sheetOpen = false
  writeLocal(LS_IOS_HINT, 'true')
  emit()
}
/** The instructions open by themselves once per browser; after that only from "Install app". */
export const iosHintSeen = () => readLocal(LS_IOS_HINT) === 'true'
export const useIosSheetOpen = () =>
  useSyncExternalStore(
    subscribe,
    () => sheetOpen,
    () => false,
  )
