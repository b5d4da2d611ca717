// A local stand-in for the part of Stripe's API Nookshare calls (accounts, account sessions, Checkout,
// refunds, subscriptions and their schedules), answering in Stripe's shapes so the real SDK can be pointed
// at it: the offline sandbox of `npm start` and the API tests (which read the recorded requests). Honours Idempotency-Key like Stripe does.
import { randomBytes } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { completeAccount, createAccount, type CompletedDetails } from './stand-in-accounts'
import { createCheckoutStore, type CheckoutStore } from './stand-in-checkout'
import { createIdentityStore, type IdentityStore } from './stand-in-identity'
import { decodeStripeForm, type FormValue } from './form-decode'

export interface RecordedRequest {
  method: string
  path: string
  params: Record<string, FormValue>
  idempotencyKey?: string
}

export interface StripeStandIn {
  host: string
  port: number
  url: string
  requests: RecordedRequest[]
  accounts: Map<string, Record<string, any>>
  /** Checkout sessions, payment intents, subscriptions, their schedules and refunds (kept in memory). */
  checkout: CheckoutStore
  /** Stripe Identity verification sessions. */
  identity: IdentityStore
  /** Marks an account fully onboarded (the sandbox form, or a test); returns the new account. */
  complete(accountId: string, details?: CompletedDetails): Record<string, any> | undefined
  /**
   * Takes on, as complete, an account the database holds as complete but this stand-in does not know (the
   * demo hosts' accounts, or a lost state file): created from `params` as POST /v1/accounts would be.
   */
  adopt(accountId: string, params: Record<string, unknown>, bank: CompletedDetails['bank']): void
  /** Changes an account as Stripe might (tests: requirements appear, payouts get paused…). */
  update(accountId: string, patch: Record<string, any>): Record<string, any> | undefined
  close(): Promise<void>
}

const stripeError = (status: number, message: string, code?: string) => ({
  status,
  body: { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } },
})

/** Starts the stand-in on 127.0.0.1 (port 0: any free one); `stateFile` keeps its accounts across restarts. */
export async function startStripeStandIn(opts: { port?: number; stateFile?: string } = {}): Promise<StripeStandIn> {
  const accounts = new Map<string, Record<string, any>>()
  const idempotent = new Map<string, { status: number; body: unknown }>()
  const requests: RecordedRequest[] = []
  if (opts.stateFile) {
    try {
      const saved = JSON.parse(readFileSync(opts.stateFile, 'utf8')) as { accounts: Record<string, any>[] }
      for (const a of saved.accounts) accounts.set(a.id, a)
    } catch {
      /* first start */
    }
  }
  const save = () => {
    if (opts.stateFile) writeFileSync(opts.stateFile, JSON.stringify({ accounts: [...accounts.values()] }))
  }
  const now = () => Math.floor(Date.now() / 1000)
  const checkout = createCheckoutStore(now)
  const identity = createIdentityStore(now)

  function handle(method: string, path: string, params: Record<string, FormValue>): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/accounts') {
      const account = createAccount(params, now())
      accounts.set(account.id, account)
      save()
      return { status: 200, body: account }
    }
    const one = /^\/v1\/accounts\/(acct_\w+)$/.exec(path)
    if (one) {
      const account = accounts.get(one[1]!)
      if (!account) return stripeError(404, `No such account: '${one[1]}'`, 'resource_missing')
      return { status: 200, body: account }
    }
    if (method === 'POST' && path === '/v1/account_sessions') {
      const id = String(params.account ?? '')
      if (!accounts.has(id)) return stripeError(400, `No such account: '${id}'`, 'resource_missing')
      const secret = `accs_secret__${randomBytes(12).toString('hex')}`
      return {
        status: 200,
        body: { object: 'account_session', account: id, client_secret: secret, expires_at: now() + 1800, livemode: false, components: params.components ?? {} },
      }
    }
    const answered = checkout.handle(method, path, params) ?? identity.handle(method, path, params)
    if (answered) return answered
    return stripeError(404, `Unrecognized request URL (${method}: ${path}).`)
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = ''
    req.setEncoding('utf8')
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in')
      const method = req.method ?? 'GET'
      const params = decodeStripeForm(method === 'GET' || method === 'DELETE' ? url.search.slice(1) : raw) // the SDK sends a DELETE's parameters in the query
      const key = req.headers['idempotency-key'] as string | undefined
      requests.push({ method, path: url.pathname, params, ...(key ? { idempotencyKey: key } : {}) })
      let answer: { status: number; body: unknown }
      const headers: Record<string, string> = { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` }
      if (!/^Bearer sk_\w+/.test(req.headers.authorization ?? ''))
        answer = { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } } }
      else if (key && method === 'POST' && idempotent.has(`${url.pathname} ${key}`)) {
        answer = idempotent.get(`${url.pathname} ${key}`)!
        headers['idempotent-replayed'] = 'true'
      } else {
        answer = handle(method, url.pathname, params)
        if (key && method === 'POST') idempotent.set(`${url.pathname} ${key}`, answer)
      }
      res.writeHead(answer.status, headers).end(JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as { port: number }).port
  const change = (id: string, fn: (a: Record<string, any>) => Record<string, any>) => {
    const account = accounts.get(id)
    if (!account) return undefined
    const next = fn(account)
    accounts.set(id, next)
    save()
    return next
  }
  return {
    host: '127.0.0.1',
    port,
    url: `http://127.0.0.1:${port}`,
    requests,
    accounts,
    checkout,
    identity,
    complete: (id, details) => change(id, (a) => completeAccount(a, details)),
    update: (id, patch) => change(id, (a) => ({ ...a, ...patch })),
    adopt: (id, params, bank) => {
      if (accounts.has(id)) return
      accounts.set(id, completeAccount({ ...createAccount(params as Record<string, FormValue>, now()), id }, { bank }))
      save()
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
