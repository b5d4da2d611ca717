// Password rules beyond length: argon2id hashing, refusing the most common passwords, and refusing
// guessable patterns (zxcvbn: a name or word plus digits, a season and a year, the product's name).
import { hash, verify } from '@node-rs/argon2'
import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common'
import { PASSWORD_MIN } from '@contract/user'
import { COMMON_PASSWORDS as OUR_LIST } from './common-passwords'

/**
 * ASVS 2.1.7 asks for a list of at least 3,000 breached passwords: zxcvbn-ts's common list (about 49,000
 * from public breach corpora, maintained as a package, shipped offline) plus our own short list. Built
 * once, at first import; only entries long enough to pass the length rule are kept.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  [...dictionary['passwords-common'], ...OUR_LIST].map((p) => String(p).toLowerCase()).filter((p) => p.length >= PASSWORD_MIN),
)

// argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes, 1 lane.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS)

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal which emails exist. */
let dummyHash: Promise<string> | undefined
export const dummyPasswordHash = () => (dummyHash ??= hashPassword('nookshare-dummy-password'))

/** zxcvbn's scale: 3 is "safely unguessable" (about 10^8 guesses and up), what an online or slow-hash attack needs. */
export const MIN_PASSWORD_SCORE = 3
const strength = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs })
/** Words anyone guessing at a Nookshare account would try first. */
const PRODUCT_WORDS = ['nookshare', 'nook', 'share', 'storage']

/** The first rule a password breaks (message starting with the field name), or undefined. `context`: the user's name and email. */
export function weakPasswordProblem(password: string, context: string[] = []): string | undefined {
  const lower = password.toLowerCase()
  if (COMMON_PASSWORDS.has(lower)) return 'password is too common. Please choose something harder to guess.'
  if (/^(.)\1+$/.test(password)) return 'password cannot be one character repeated.'
  // An email counts whole, as its local part, and as the words in it (o.martinez-77 → martinez).
  const inputs = context.flatMap((w) => (w.includes('@') ? [w, w.split('@')[0]!, ...w.split('@')[0]!.split(/[^\p{L}]+/u)] : [w])).filter((w) => w.length >= 3)
  for (const word of inputs) {
    if (word.length >= 4 && lower === word.toLowerCase()) return 'password cannot be your name or email.'
  }
  if (strength.check(password, [...inputs, ...PRODUCT_WORDS]).score < MIN_PASSWORD_SCORE) {
    return 'password is too easy to guess. Try a few unrelated words (a short phrase), without your name or a year.'
  }
  return undefined
}
