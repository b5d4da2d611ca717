// Stripe Identity verification sessions in the stand-in: created as Stripe creates them (requires_input,
// with a url and client_secret), read back, and moved by the sandbox's "Test mode" page (verified,
// requires_input with a last_error, canceled).
import { randomBytes } from 'node:crypto'
import type { FormValue } from './form-decode'

export type IdentityOutcome = 'verified' | 'requires_input' | 'canceled'

export interface IdentityStore {
  sessions: Map<string, Record<string, any>>
  handle(method: string, path: string, params: Record<string, FormValue>): { status: number; body: unknown } | null
  /** The sandbox's Test mode: the session as the next webhook would carry it. */
  settle(id: string, outcome: IdentityOutcome): Record<string, any> | undefined
}

export function createIdentityStore(now: () => number): IdentityStore {
  const sessions = new Map<string, Record<string, any>>()
  return {
    sessions,
    handle(method, path, params) {
      if (method === 'POST' && path === '/v1/identity/verification_sessions') {
        const id = `vs_${randomBytes(12).toString('hex')}`
        const secret = `${id}_secret_${randomBytes(8).toString('hex')}`
        const session = {
          id,
          object: 'identity.verification_session',
          type: params.type ?? 'document',
          status: 'requires_input',
          client_secret: secret,
          url: `https://verify.stripe.com/start/test_${secret}`,
          metadata: params.metadata ?? {},
          options: params.options ?? {},
          return_url: params.return_url ?? null,
          last_error: null,
          created: now(),
          livemode: false,
        }
        sessions.set(id, session)
        return { status: 200, body: session }
      }
      const one = /^\/v1\/identity\/verification_sessions\/(vs_\w+)$/.exec(path)
      if (one && method === 'GET') {
        const session = sessions.get(one[1]!)
        return session
          ? { status: 200, body: session }
          : { status: 404, body: { error: { type: 'invalid_request_error', message: `No such verificationsession: '${one[1]}'`, code: 'resource_missing' } } }
      }
      return null
    },
    settle(id, outcome) {
      const session = sessions.get(id)
      if (!session) return undefined
      const last_error = outcome === 'requires_input' ? { code: 'document_unverified_other', reason: 'The document could not be verified (test mode).' } : null
      const next = { ...session, status: outcome, last_error }
      sessions.set(id, next)
      return next
    },
  }
}
