// Reads the environment once; every setting the server knows is listed here (and in the README).
import { isIP } from 'node:net'
import { z } from 'zod'
import { SERVICE_FEE_PERCENT } from '@contract/fees'

const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().default(''),
  ALLOWED_HOSTS: z.string().default(''),
  ADMIN_EMAILS: z.string().default(''),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Nookshare <hello@nookshare.app>'),
  INFO_EMAIL: z.string().default('info@nookshare.app'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  TRUST_PROXY: z.string().default('false'),
  SEARCH_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  PLATFORM_FEE_PERCENT: z.coerce.number().int().min(0).max(50).default(SERVICE_FEE_PERCENT),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  PUSH_ENDPOINT_HOSTS: z.string().default(''),
  REFERRAL_REWARD_CENTS: z.coerce.number().int().min(0).default(2000),
  GOOGLE_CLIENT_ID: z.string().optional(),
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(60),
  WEB_CONCURRENCY: z.coerce.number().int().min(0).max(256).optional(),
  PLUGIN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(10_000),
})

export type Config = {
  port: number
  host: string
  dataDir: string
  databaseUrl?: string
  publicUrl: string
  /** Hosts (name or name:port, lower case) whose requests may build email links when PUBLIC_URL is unset. */
  allowedHosts: string[]
  adminEmails: string[]
  seedDemo: boolean
  smtpUrl?: string
  mailFrom: string
  infoEmail: string
  stripeSecretKey?: string
  stripeWebhookSecret?: string
  /** Signing secret of the Connect endpoint (events of the hosts' accounts: payouts, account updates), when it has its own. */
  stripeConnectWebhookSecret?: string
  stripeApiUrl?: string
  /** Served to the browser at run time when the build has no VITE_STRIPE_PUBLISHABLE_KEY. */
  stripePublishableKey?: string
  /** Twilio's Messages API for phone codes; without all three, texts go to the admin outbox. */
  twilio?: { accountSid: string; authToken: string; from: string }
  logLevel: string
  /**
   * Which X-Forwarded-For hops to believe (Fastify's trustProxy): false (none), a hop count, or the
   * proxies' addresses / CIDR ranges. Never `true`: that believes the whole, client-written chain.
   */
  trustProxy: false | number | string[]
  /** How long a search answer may be reused (0: never). */
  searchCacheSeconds: number
  /** The service fee added to each booking payment, kept by the platform (whole percent of the rent). */
  platformFeePercent: number
  /** Web Push keys; without them the server makes a pair once and keeps it in the database. */
  vapidPublicKey?: string
  vapidPrivateKey?: string
  /** Extra hosts (beside the browsers' push services) a push subscription's endpoint may name. */
  pushEndpointHosts: string[]
  /** What a referrer earns when someone they referred has their first booking confirmed. */
  referralRewardCents: number
  /** Sign in with Google: the OAuth client id ID tokens must be issued to (their audience). */
  googleClientId?: string
  /** The keys Google ID tokens are verified with; Google's published keys unless a test injects its own. */
  googleKeys?: import('jose').JWTVerifyGetKey
  /** How long a resolved session may be reused without asking the database (0: never); revocations drop it at once. */
  sessionCacheSeconds: number
  /** First delay before listening again after the LISTEN connection dropped (doubles, up to 5 s). */
  listenReconnectMs: number
  /** Worker processes with DATABASE_URL (default: the number of cores); PGlite always runs one. */
  webConcurrency?: number
  /** Where the built PWA lives; absent in API-only tests. */
  staticDir?: string
  /**
   * How long a client may take to send a whole request, and its headers (Node's defaults: 300 s and
   * 60 s, which let a trickled request hold a connection for minutes). The request limit matches the
   * longest a client waits for an answer (a listing's photo upload: 120 s), so slow uploads still work.
   */
  requestTimeoutMs: number
  headersTimeoutMs: number
  /** How long one plugin may take to start (Fastify's default, 10 s; tests on a loaded 2-core machine need more). */
  pluginTimeoutMs: number
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = EnvSchema.parse(env)
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL || undefined,
    publicUrl: e.PUBLIC_URL,
    allowedHosts: e.ALLOWED_HOSTS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    seedDemo: e.SEED_DEMO === 'auto',
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    infoEmail: e.INFO_EMAIL,
    stripeSecretKey: e.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET || undefined,
    stripeConnectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET || undefined,
    stripeApiUrl: e.STRIPE_API_URL || undefined,
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY || undefined,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM }
        : undefined,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    searchCacheSeconds: e.SEARCH_CACHE_SECONDS,
    platformFeePercent: e.PLATFORM_FEE_PERCENT,
    vapidPublicKey: e.VAPID_PUBLIC_KEY || undefined,
    vapidPrivateKey: e.VAPID_PRIVATE_KEY || undefined,
    pushEndpointHosts: e.PUSH_ENDPOINT_HOSTS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    referralRewardCents: e.REFERRAL_REWARD_CENTS,
    googleClientId: e.GOOGLE_CLIENT_ID?.trim() || undefined,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    listenReconnectMs: 100,
    webConcurrency: e.WEB_CONCURRENCY || undefined,
    requestTimeoutMs: 120_000,
    headersTimeoutMs: 15_000,
    pluginTimeoutMs: e.PLUGIN_TIMEOUT_MS,
  }
}

const isCidr = (s: string) => {
  const [ip, bits, extra] = s.split('/')
  const v = isIP(ip ?? '')
  if (!v || extra !== undefined) return false
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (v === 4 ? 32 : 128))
}

/**
 * TRUST_PROXY: 'false' or '0' (default), a hop count ('1': one reverse proxy in front), or a comma-
 * separated list of the proxies' addresses or CIDR ranges ('10.0.0.0/8,127.0.0.1'). 'true' would trust
 * every X-Forwarded-For entry, which the client writes itself: it is read as one hop, with a warning.
 */
export function parseTrustProxy(raw: string, warn: (message: string) => void = console.warn): false | number | string[] {
  const value = raw.trim().toLowerCase()
  if (value === '' || value === 'false' || value === '0') return false
  if (value === 'true') {
    warn(
      'TRUST_PROXY=true would trust client-written X-Forwarded-For entries; trusting one proxy hop instead. Set TRUST_PROXY=1 (hop count) or the proxy addresses (e.g. 10.0.0.0/8).',
    )
    return 1
  }
  if (/^\d+$/.test(value)) return Number(value)
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const bad = list.find((s) => !isCidr(s))
  if (bad) throw new Error(`TRUST_PROXY: '${bad}' is not an IP address or CIDR range; use a hop count (1) or addresses like 10.0.0.0/8,127.0.0.1.`)
  return list
}

/** A config for tests: nothing from the environment but the database. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // Test files share the machine's cores: a boot that waits for a core must not fail ("Plugin did not start in time").
  return { ...loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent' }), pluginTimeoutMs: 120_000, ...overrides }
}
