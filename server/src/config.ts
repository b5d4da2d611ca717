// Reads the environment once; every setting the server knows is listed here (and in the README).
import { z } from 'zod'

const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().default(''),
  ADMIN_EMAILS: z.string().default(''),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Nookshare <hello@nookshare.app>'),
  INFO_EMAIL: z.string().default('info@nookshare.app'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  SEARCH_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(10),
})

export type Config = {
  port: number
  host: string
  dataDir: string
  databaseUrl?: string
  publicUrl: string
  adminEmails: string[]
  seedDemo: boolean
  smtpUrl?: string
  mailFrom: string
  infoEmail: string
  stripeSecretKey?: string
  stripeWebhookSecret?: string
  stripeApiUrl?: string
  logLevel: string
  trustProxy: boolean
  /** How long a search answer may be reused (0: never). */
  searchCacheSeconds: number
  /** Where the built PWA lives; absent in API-only tests. */
  staticDir?: string
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = EnvSchema.parse(env)
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL || undefined,
    publicUrl: e.PUBLIC_URL,
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    seedDemo: e.SEED_DEMO === 'auto',
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    infoEmail: e.INFO_EMAIL,
    stripeSecretKey: e.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiUrl: e.STRIPE_API_URL || undefined,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
    searchCacheSeconds: e.SEARCH_CACHE_SECONDS,
  }
}

/** A config for tests: nothing from the environment but the database. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent' }), ...overrides }
}
