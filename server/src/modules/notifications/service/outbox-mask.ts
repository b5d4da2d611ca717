// What the admin outbox shows of an email: where its links go, never the secret they carry. Without SMTP
// the outbox holds live reset and verification links; shown as they are, reading the outbox would be
// enough to take over any account that asked for one.

/** A query parameter that carries a secret: our links' `token` (verify, reset) and `t` (unsubscribe). */
const SECRET_PARAM = /([?&]|&amp;)(token|t|code|sig|signature|key)=([^&#\s"'<>]+)/gi

export const HIDDEN = '[hidden]'

/** The text or HTML with every link's secret replaced by [hidden] (the address and path stay readable). */
export const maskLinkSecrets = (s: string) => s.replace(SECRET_PARAM, `$1$2=${HIDDEN}`)
