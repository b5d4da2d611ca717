// Recognises in-app browsers (spec 4: Facebook, Instagram, TikTok, generic webview) and the platform.
export type InAppBrowser = 'Facebook' | 'Instagram' | 'TikTok' | 'WebView'

export function detectInAppBrowser(ua: string): InAppBrowser | null {
  if (/Instagram/i.test(ua)) return 'Instagram'
  if (/FBAN|FBAV|FB_IAB|FBIOS|\[FB/i.test(ua)) return 'Facebook'
  if (/TikTok|musical_ly|BytedanceWebview|trill_/i.test(ua)) return 'TikTok'
  // Android WebView marks itself "; wv)"; iOS WebViews lack "Safari/" while still being AppleWebKit on a mobile device.
  if (/; wv\)|\bWebView\b/i.test(ua)) return 'WebView'
  if (/(iPhone|iPod|iPad)/i.test(ua) && /AppleWebKit/i.test(ua) && !/Safari\//i.test(ua) && !/CriOS|FxiOS|EdgiOS/i.test(ua)) return 'WebView'
  return null
}

export const isAndroid = (ua: string) => /Android/i.test(ua)
export const isIOS = (ua: string) => /iPhone|iPad|iPod/i.test(ua)

/** A short browser name for the lead record and detectedBrowser. */
export function browserName(ua: string): string {
  const inApp = detectInAppBrowser(ua)
  if (inApp) return inApp
  if (/Edg\//.test(ua)) return 'Edge'
  if (/Firefox\/|FxiOS/.test(ua)) return 'Firefox'
  if (/Chrome\/|CriOS/.test(ua)) return 'Chrome'
  if (/Safari\//.test(ua)) return 'Safari'
  return 'Other'
}
