// Verifies a Google ID token: signed by one of Google's keys (RS256), issued by Google, for our client
// id (audience), not expired, with a verified email. Tests verify against a key set of their own.
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose'

export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com']
const GOOGLE_JWKS_URL = new URL('https://www.googleapis.com/oauth2/v3/certs')

let googleKeys: JWTVerifyGetKey | undefined
/** Google's published keys, fetched on first use and cached by jose (refetched when a new kid appears). */
export const googlePublishedKeys = (): JWTVerifyGetKey => (googleKeys ??= createRemoteJWKSet(GOOGLE_JWKS_URL))

export interface GoogleIdentity {
  sub: string
  email: string
  givenName: string
  familyName: string
}

export class GoogleTokenError extends Error {}

export async function verifyGoogleIdToken(idToken: string, opts: { clientId: string; keys: JWTVerifyGetKey }): Promise<GoogleIdentity> {
  let payload: Record<string, unknown>
  try {
    ;({ payload } = await jwtVerify(idToken, opts.keys, { issuer: GOOGLE_ISSUERS, audience: opts.clientId, algorithms: ['RS256'], clockTolerance: 30 }))
  } catch (err) {
    if (err instanceof errors.JWTExpired) throw new GoogleTokenError('Your Google sign-in has expired. Please try again.')
    if (err instanceof errors.JOSEError) throw new GoogleTokenError('We could not verify your Google sign-in. Please try again.')
    throw err // the key set could not be fetched: a server-side failure, not the user's
  }
  const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : ''
  if (typeof payload.sub !== 'string' || !payload.sub || !email) throw new GoogleTokenError('We could not verify your Google sign-in. Please try again.')
  if (payload.email_verified !== true && payload.email_verified !== 'true')
    throw new GoogleTokenError('Your Google account’s email address is not verified, so it cannot be used to sign in.')
  return {
    sub: payload.sub,
    email,
    givenName: typeof payload.given_name === 'string' ? payload.given_name : typeof payload.name === 'string' ? payload.name : '',
    familyName: typeof payload.family_name === 'string' ? payload.family_name : '',
  }
}
