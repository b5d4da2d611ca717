// Password rules beyond length: argon2id hashing, refusing the most common passwords, and refusing
// guessable patterns (zxcvbn: a name or word plus digits, a season and a year, the product's name), and
// passwords made of the user's own name or email plus a little.
import { hash, verify } from '@node-rs/argon2'
import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common'
import { PASSWORD_MIN } from '@contract/user'
import { FAMOUS_PASSPHRASES, COMMON_PASSWORDS as OUR_LIST } from './common-passwords'

/**
 * ASVS 2.1.7 asks for a list of at least 3,000 breached passwords: zxcvbn-ts's common list (about 49,000
 * from public breach corpora, maintained as a package, shipped offline) plus our own short list. Built
 * once, at first import; only entries long enough to pass the length rule are kept.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  [...dictionary['passwords-common'], ...OUR_LIST, ...FAMOUS_PASSPHRASES].map((p) => String(p).toLowerCase()).filter((p) => p.length >= PASSWORD_MIN),
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

/**
 * How many guesses a password must be worth (log10): zxcvbn's score 4, about 10^10. Score 3 (10^8) let
 * through a word, a year and two marks ("Summer2026!!", 10^8.0); a few unrelated words score far above.
 */
export const MIN_GUESSES_LOG10 = 10
const strength = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs })
/** Words anyone guessing at a Nookshare account would try first. */
const PRODUCT_WORDS = ['nookshare', 'nook', 'share', 'storage']
/** Spaces and the marks people put between words: "correct horse battery staple" is "correcthorsebatterystaple". */
const SEPARATORS = /[\s._\-+,;:]+/g
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const guessesLog10 = (password: string, inputs: string[]) => strength.check(password, [...inputs, ...PRODUCT_WORDS]).guessesLog10

/** The first rule a password breaks (message starting with the field name), or undefined. `context`: the user's name and email. */
export function weakPasswordProblem(password: string, context: string[] = []): string | undefined {
  const lower = password.toLowerCase()
  if (COMMON_PASSWORDS.has(lower) || COMMON_PASSWORDS.has(lower.replace(SEPARATORS, '')))
    return 'password is too common. Please choose something harder to guess.'
  if (/^(.)\1+$/.test(password)) return 'password cannot be one character repeated.'
  // An email counts whole, as its local part, and as the words in it (o.martinez-77 → martinez).
  const inputs = context.flatMap((w) => (w.includes('@') ? [w, w.split('@')[0]!, ...w.split('@')[0]!.split(/[^\p{L}]+/u)] : [w])).filter((w) => w.length >= 3)
  for (const word of inputs) {
    if (word.length >= 4 && lower === word.toLowerCase()) return 'password cannot be your name or email.'
  }
  // The user's own name or email plus a little ("Pat Weak 2026"): what is left without them must be a
  // password on its own. zxcvbn alone misses it, as it prices " Weak " between spaces as random letters.
  const longestFirst = [...new Set(inputs)].sort((a, b) => b.length - a.length)
  const rest = longestFirst.reduce((p, w) => p.replace(new RegExp(escapeRegExp(w), 'giu'), ' '), password)
  if (rest !== password && guessesLog10(rest.replace(SEPARATORS, ' ').trim(), []) < MIN_GUESSES_LOG10) {
    return 'password is too easy to guess: it is mostly your name or email. Try a few unrelated words (a short phrase).'
  }
  if (guessesLog10(password, inputs) < MIN_GUESSES_LOG10) {
    return 'password is too easy to guess. Try a few unrelated words (a short phrase), without your name or a year.'
  }
  return undefined
}
