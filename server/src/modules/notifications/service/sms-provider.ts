// Sending a text message: the shape of Twilio's Messages API (To, From, Body → a message sid). The app
// uses Twilio when configured (twilio.ts), otherwise the outbox stand-in (outbox-sms.ts).
export interface SmsMessage {
  to: string
  body: string
  /** What the text is for (the outbox lists it as the template). */
  template: string
}

export interface SmsProvider {
  readonly name: 'twilio' | 'outbox'
  send(message: SmsMessage): Promise<{ sid: string }>
}
