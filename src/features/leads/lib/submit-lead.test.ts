import { beforeEach, describe, expect, it, vi } from 'vitest'
import { submitLead, type SubmitDeps } from './submit-lead'

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130 Safari/537.36'
const TIKTOK = 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36 musical_ly_2023'

function deps(ua: string, over: Partial<SubmitDeps> = {}) {
  return {
    ua,
    sendLeadEmails: vi.fn(async () => {}),
    goToRegister: vi.fn(),
    toast: { success: vi.fn() },
    ...over,
  }
}

beforeEach(() => localStorage.clear())

describe('lead submission in a normal browser', () => {
  it('host: saves hostInterestInfo and the prefilled keys, then goes to /register?from=host', async () => {
    const d = deps(CHROME)
    const out = await submitLead('host', { name: ' Ada Lovelace ', email: 'ada@example.com', phone: '+1 (416) 555-0101' }, d)
    expect(out).toBe('redirected')
    expect(d.sendLeadEmails).not.toHaveBeenCalled()
    expect(d.goToRegister).toHaveBeenCalledWith('host')
    expect(d.toast.success).toHaveBeenCalledWith('Redirecting to sign up...', { duration: 3000 })
    const info = JSON.parse(localStorage.getItem('hostInterestInfo')!)
    expect(info).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', phone: '+1 (416) 555-0101', browser: 'Chrome', device: CHROME })
    expect(new Date(info.submittedAt).toISOString()).toBe(info.submittedAt)
    expect(localStorage.getItem('prefilledEmail')).toBe('ada@example.com')
    expect(localStorage.getItem('prefilledName')).toBe('Ada Lovelace')
    expect(localStorage.getItem('prefilledPhone')).toBe('+1 (416) 555-0101')
    expect(localStorage.getItem('redirectAfterAuth')).toBe('/storage/new')
    expect(localStorage.getItem('fromHostPage')).toBe('true')
  })

  it('renter: splits the name and sends the user on to /storee-dashboard after sign-up', async () => {
    localStorage.setItem('fromHostPage', 'true')
    const d = deps(CHROME)
    await submitLead('storee', { name: 'Mary Ann Smith', email: 'mary@example.com', phone: '' }, d)
    expect(d.goToRegister).toHaveBeenCalledWith('storee')
    expect(localStorage.getItem('prefilledFirstName')).toBe('Mary')
    expect(localStorage.getItem('prefilledLastName')).toBe('Ann Smith')
    expect(localStorage.getItem('redirectAfterAuth')).toBe('/storee-dashboard')
    expect(localStorage.getItem('fromHostPage')).toBeNull()
    expect(localStorage.getItem('prefilledPhone')).toBeNull()
  })
})

describe('lead submission in an in-app browser', () => {
  it('sends the welcome email and shows the thank-you state', async () => {
    const d = deps(TIKTOK)
    const out = await submitLead('storee', { name: 'Tim', email: 'tim@example.com', phone: '' }, d)
    expect(out).toBe('thanks')
    expect(d.sendLeadEmails).toHaveBeenCalledWith({ name: 'Tim', email: 'tim@example.com', phone: '', source: '/storee', browser: 'TikTok' })
    expect(d.goToRegister).not.toHaveBeenCalled()
    expect(d.toast.success).toHaveBeenCalledWith('Thanks for your interest! Check your email for next steps.', { duration: 3000 })
    expect(localStorage.getItem('hostInterestInfo')).toBeNull()
    expect(localStorage.getItem('detectedBrowser')).toBe('TikTok')
  })

  it('still thanks the lead when sending fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const fail = async () => {
      throw new Error('offline')
    }
    const host = deps(TIKTOK, { sendLeadEmails: fail })
    expect(await submitLead('host', { name: 'H', email: 'h@example.com', phone: '' }, host)).toBe('thanks')
    expect(host.toast.success).toHaveBeenCalledWith('Thanks for your interest! Our team will contact you shortly.', { duration: 3000 })
    const renter = deps(TIKTOK, { sendLeadEmails: fail })
    expect(await submitLead('storee', { name: 'R', email: 'r@example.com', phone: '' }, renter)).toBe('thanks')
    expect(renter.toast.success).toHaveBeenCalledWith('Thanks for your interest! We will contact you shortly.', { duration: 3000 })
    vi.restoreAllMocks()
  })

  it('only logs a failed redirect', async () => {
    const d = deps(CHROME, { goToRegister: () => Promise.reject(new Error('nope')) })
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(await submitLead('host', { name: 'A', email: 'a@example.com', phone: '' }, d)).toBe('redirected')
    expect(spy).toHaveBeenCalledWith('Redirect to sign-up failed', expect.any(Error))
    spy.mockRestore()
  })
})
