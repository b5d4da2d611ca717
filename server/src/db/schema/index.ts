// Every table, for Drizzle's typed client and for drizzle-kit.
export * from './users'
export * from './sessions'
export * from './login-attempts'
export * from './leads'
export * from './email-outbox'
