// Twilio's Messages API over fetch: POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, basic auth.
import type { SmsMessage, SmsProvider } from './sms-provider'

export interface TwilioConfig {
  accountSid: string
  authToken: string
  from: string
  /** Tests point this at a local stand-in. */
  apiUrl?: string
}

export function twilioSms(config: TwilioConfig, fetchImpl: typeof fetch = fetch): SmsProvider {
  const base = (config.apiUrl ?? 'https://api.twilio.com').replace(/\/$/, '')
  const auth = Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')
  return {
    name: 'twilio',
    async send(message: SmsMessage) {
      const res = await fetchImpl(`${base}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`, {
        method: 'POST',
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: message.to, From: config.from, Body: message.body }),
        signal: AbortSignal.timeout(10_000),
      })
      const answer = (await res.json().catch(() => ({}))) as { sid?: string; message?: string; code?: number }
      if (!res.ok || !answer.sid)
        throw new Error(`Twilio refused the text (${res.status}${answer.code ? ` ${answer.code}` : ''}): ${answer.message ?? 'no message'}`)
      return { sid: answer.sid }
    },
  }
}
