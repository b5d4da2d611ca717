// Copy and share for the referral link: the phone's share sheet when there is one, the clipboard otherwise.

/** The link someone opens to join: /register?ref=CODE on this site. */
export const referralLink = (code: string, origin = window.location.origin) => `${origin}/register?ref=${encodeURIComponent(code)}`

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    // No clipboard API (an http page, an old browser): the selection way.
    const area = document.createElement('textarea')
    area.value = text
    area.setAttribute('readonly', '')
    area.style.position = 'fixed'
    area.style.opacity = '0'
    document.body.appendChild(area)
    area.select()
    const ok = document.execCommand?.('copy') ?? false
    area.remove()
    return ok
  }
}

/** 'shared', 'copied', 'cancelled' (the user closed the sheet) or 'failed'. */
export async function shareOrCopy(data: { title: string; text: string; url: string }): Promise<'shared' | 'copied' | 'cancelled' | 'failed'> {
  if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(data))) {
    try {
      await navigator.share(data)
      return 'shared'
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return 'cancelled'
      // Not allowed here (no user activation, a desktop without a share target): copy instead.
    }
  }
  return (await copyText(data.url)) ? 'copied' : 'failed'
}
