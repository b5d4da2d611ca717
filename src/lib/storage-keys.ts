// Every localStorage / sessionStorage key the app uses (spec section 3), in one place.
export const PRODUCT = 'nookshare'

export const LS = {
  token: 'token',
  idToken: 'id_token',
  hostInterestInfo: 'hostInterestInfo',
  prefilledEmail: 'prefilledEmail',
  prefilledName: 'prefilledName',
  prefilledFirstName: 'prefilledFirstName',
  prefilledLastName: 'prefilledLastName',
  prefilledPhone: 'prefilledPhone',
  redirectAfterAuth: 'redirectAfterAuth',
  fromHostPage: 'fromHostPage',
  detectedBrowser: 'detectedBrowser',
  longPressHint: `${PRODUCT}_longPressHintShown`,
  /** The user who turned on push on this device: signing in again as them re-links the subscription. */
  pushUser: `${PRODUCT}_pushUser`,
  /** "Not now" on the chat's notification prompt. */
  pushPromptDismissed: `${PRODUCT}_pushPromptDismissed`,
  /** The renter's last /storages search (its filters as JSON), for the dashboard's way back to it. */
  lastSearch: `${PRODUCT}_lastSearch`,
  /** The code of the /register?ref= link this visitor came with, until they sign up. */
  referralCode: `${PRODUCT}_referralCode`,
} as const

/** A half-typed message, one key per signed-in user and conversation: `${LS_DRAFT_PREFIX}${userId}:${otherUserId}`. */
export const LS_DRAFT_PREFIX = `${PRODUCT}_draft:`

/** A chat this device holds a copy of (saved-chats.ts): `${LS_SAVED_CHAT_PREFIX}${userId}:${otherUserId}`. */
export const LS_SAVED_CHAT_PREFIX = `${PRODUCT}_savedChat:`

/** Removes every key that starts with the prefix. */
export function removeLocalByPrefix(prefix: string) {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(prefix)) localStorage.removeItem(key)
  } catch {
    /* storage blocked: nothing kept either */
  }
}

export const SS = { redirectAttempted: 'redirectAttempted' } as const

export function readLocal(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}
export function writeLocal(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key)
    else localStorage.setItem(key, value)
  } catch {
    /* storage may be full or blocked; nothing to do */
  }
}
