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
} as const

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
