// The SMS providers: Twilio's Messages API called with fetch (form body, basic auth) when configured,
// the outbox stand-in otherwise.
import { describe, expect, it } from 'vitest'
import { smsProvider } from '../../src/modules/notifications/service/sms'
import { twilioSms } from '../../src/modules/notifications/service/twilio'
import { normalisePhone } from '../../src/modules/safety/service/phone-verification'

describe('twilioSms', () => {
  it('posts To, From and Body to the account’s Messages.json with basic auth and returns the sid', async () => {
    const calls: { url: string; init: RequestInit }[] = []
    const fake = (async (url: string, init: RequestInit) => {
      calls.push({ url, init })
      return new Response(JSON.stringify({ sid: 'SM123', status: 'queued' }), { status: 201 })
    }) as unknown as typeof fetch
    const sms = twilioSms({ accountSid: 'AC42', authToken: 'secret', from: '+15005550006' }, fake)
    expect(await sms.send({ to: '+14165550142', body: 'Your code is 123456', template: 'sms-phone-code' })).toEqual({ sid: 'SM123' })
    expect(calls[0]!.url).toBe('https://api.twilio.com/2010-04-01/Accounts/AC42/Messages.json')
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe(`Basic ${Buffer.from('AC42:secret').toString('base64')}`)
    expect(Object.fromEntries(calls[0]!.init.body as URLSearchParams)).toEqual({ To: '+14165550142', From: '+15005550006', Body: 'Your code is 123456' })
  })

  it('throws Twilio’s message on a refusal', async () => {
    const fake = (async () =>
      new Response(JSON.stringify({ code: 21211, message: "The 'To' number is not valid." }), { status: 400 })) as unknown as typeof fetch
    const sms = twilioSms({ accountSid: 'AC42', authToken: 'secret', from: '+15005550006' }, fake)
    await expect(sms.send({ to: '+1', body: 'x', template: 't' })).rejects.toThrow(/21211.*not valid/)
  })

  it('is chosen only with all three settings', () => {
    expect(smsProvider({ twilio: { accountSid: 'AC', authToken: 't', from: '+1' } }, {} as never).name).toBe('twilio')
    expect(smsProvider({ twilio: undefined }, {} as never).name).toBe('outbox')
  })
})

describe('normalisePhone', () => {
  it.each([
    ['(416) 555-0142', '+14165550142'],
    ['416.555.0142', '+14165550142'],
    ['1 416 555 0142', '+14165550142'],
    ['+44 20 7946 0958', '+442079460958'],
    ['555-0142', null],
    ['call me', null],
    ['+0 123 456 789', null],
  ])('%s → %s', (raw, e164) => expect(normalisePhone(raw)).toBe(e164))
})
