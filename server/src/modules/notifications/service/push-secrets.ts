// Server secrets made on first start and shared by every instance through the database: the VAPID key
// pair (unless VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are set) and the key that signs unsubscribe links.
import { randomBytes } from 'node:crypto'
import webpush from 'web-push'
import type { Database } from '../../../db/client'

/** The stored value, or `make()` stored first: insert-if-absent then read, so racing instances agree. */
async function ensureSecret(database: Database, name: string, make: () => string): Promise<string> {
  await database.query('insert into server_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [name, make()])
  const [row] = await database.query<{ value: string }>('select value from server_secrets where name = $1', [name])
  if (!row) throw new Error(`server secret ${name} missing`)
  return row.value
}

export interface VapidKeys {
  publicKey: string
  privateKey: string
}

export async function loadVapidKeys(database: Database, env: { publicKey?: string; privateKey?: string }): Promise<VapidKeys> {
  if (env.publicKey && env.privateKey) return { publicKey: env.publicKey, privateKey: env.privateKey }
  if (env.publicKey || env.privateKey) throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither (the server then makes a pair).')
  return JSON.parse(await ensureSecret(database, 'vapid', () => JSON.stringify(webpush.generateVAPIDKeys()))) as VapidKeys
}

export const loadUnsubscribeKey = (database: Database) => ensureSecret(database, 'unsubscribe-hmac', () => randomBytes(32).toString('base64url'))
