// The "Install app" paths: the browser's deferred prompt, and iOS Safari told apart from look-alikes.
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { getInstallOption, isIosSafari, listenForInstallPrompt, promptInstall } from './install-prompt'

const UA = {
  iphoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iphoneChrome: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0 Mobile/15E148 Safari/604.1',
  iphoneInstagram: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 320.0',
  ipadDesktop: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
}

describe('isIosSafari', () => {
  it('recognises Safari on iPhone and on iPad (which says it is a Mac with touch)', () => {
    expect(isIosSafari(UA.iphoneSafari)).toBe(true)
    expect(isIosSafari(UA.ipadDesktop, 5)).toBe(true)
  })
  it('leaves out other iOS browsers, in-app views, Mac Safari and Android', () => {
    expect(isIosSafari(UA.iphoneChrome)).toBe(false)
    expect(isIosSafari(UA.iphoneInstagram)).toBe(false)
    expect(isIosSafari(UA.ipadDesktop, 0)).toBe(false)
    expect(isIosSafari(UA.androidChrome)).toBe(false)
  })
})

describe('the deferred install prompt', () => {
  beforeAll(() => listenForInstallPrompt(window))

  it('offers nothing until the browser fires beforeinstallprompt, then shows its dialog once', async () => {
    expect(getInstallOption(window)).toBeNull()
    const prompt = vi.fn(async () => undefined)
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    })
    window.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    expect(getInstallOption(window)).toBe('prompt')
    expect(await promptInstall()).toBe('accepted')
    expect(prompt).toHaveBeenCalledOnce()
    expect(getInstallOption(window)).toBeNull()
    expect(await promptInstall()).toBe('unavailable')
  })
})
