// The SMS provider for this configuration: Twilio with TWILIO_ACCOUNT_SID/TWILIO_AUTH_TOKEN/TWILIO_FROM,
// otherwise the outbox stand-in.
import type { Config } from '../../../config'
import type { Db } from '../../../db/client'
import { outboxSms } from './outbox-sms'
import type { SmsProvider } from './sms-provider'
import { twilioSms } from './twilio'

export function smsProvider(config: Pick<Config, 'twilio'>, db: Db): SmsProvider {
  return config.twilio ? twilioSms(config.twilio) : outboxSms(db)
}
