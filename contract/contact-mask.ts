// Contact protection: hides phone numbers, email addresses, links, messaging-app usernames and payment-app
// handles in text written before a booking between the two is confirmed and paid. Pure and
// dependency-free: the server masks what it stores (and refuses such text where the public reads it), the
// composer runs the same function to warn the sender before sending. It looks at the text as a reader
// sees it (contact-normalise.ts: full-width, styled and other scripts' digits, invisible characters,
// spaced-out letters), and replaces only the original characters a match came from.
import { normaliseForContact } from './contact-normalise'

export const CONTACT_MASKS = {
  phone: '[phone number hidden until you book]',
  email: '[email hidden until you book]',
  link: '[link hidden until you book]',
  handle: '[username hidden until you book]',
  payment: '[payment handle hidden until you book]',
} as const
export type ContactKind = keyof typeof CONTACT_MASKS

export const CONTACT_MASK_NOTE = 'Phone numbers, emails, links, usernames and payment handles are hidden until a booking is confirmed and paid.'

/** The chat header's email slot until contact opens (short: it fits beside the name on a phone). */
export const CONTACT_EMAIL_SLOT = 'Email after booking'

/** What the contact-protection rule calls each kind, for a refusal ("a phone number"). */
export const CONTACT_KIND_NAMES: Record<ContactKind, string> = {
  phone: 'a phone number',
  email: 'an email address',
  link: 'a web address',
  handle: 'a messaging-app username',
  payment: 'a payment handle',
}

const TLDS = 'com|net|org|io|ca|co|me|app|info|biz|us|uk|de|fr|au|link|xyz|site|online|shop|store|gg|tv|ly|email|mail|page'
// Without a scheme, only the endings people type for sites (not .me or .us: "dry.Me" is a typo, not a link).
const BARE_TLDS = 'com|net|org|io|ca|co|info|biz|xyz|ly|gg|app'
const MAIL_HOSTS = 'gmail|googlemail|hotmail|yahoo|outlook|icloud|protonmail|proton|live|aol|msn|gmx'
// An "at": @ (spaces allowed), (at) [at] {at}, or the bare word between spaces.
const AT = String.raw`(?:\s*@\s*|\s*[([{<]\s*at\s*[)\]}>]\s*|\s+at\s+)`
// A "dot" between labels: a dot with no space or with spaces both sides, (dot) [dot] (.) [.], or the bare word.
const DOT = String.raw`(?:\.|\s+\.\s+|\s*[([{<]\s*(?:dot|\.)\s*[)\]}>]\s*|\s+dot\s+)`
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'
// A dot spelled out inside the part before the "at" ("jane dot doe at gmail dot com").
const SPELLED_DOT = String.raw`(?:\s+dot\s+|\s*[([{<]\s*dot\s*[)\]}>]\s*)`
const LOCAL = String.raw`(?<![\w.'’%+-])[a-z0-9][a-z0-9._%+-]{0,63}(?:${SPELLED_DOT}[a-z0-9][a-z0-9._%+-]{0,63}){0,3}`
const PAY_APPS = String.raw`venmo|cash\s?app|paypal|zelle|interac(?:\s+e-?\s?transfer)?|e-?\s?transfer|revolut`
// Messaging apps; after a colon ("Telegram: jane") only names that are no ordinary word ("signal: good" is
// about the phone's reception).
const NAMED_APPS = String.raw`telegram|whats\s?app|insta(?:gram)?|snapchat|we\s?chat|kik|discord|facebook|messenger|viber|skype|tik\s?tok`
const CHAT_APPS = String.raw`${NAMED_APPS}|tg|signal|ig|snap|fb|twitter|threads`
const HANDLE = String.raw`@[a-z0-9_][\w]*(?:\.[\w]+)*`

const PATTERNS: { kind: ContactKind; re: RegExp }[] = [
  // Emails: plain, then spelled out ("jo at gmail dot com", "jo (at) mail (dot) ca", "jo at gmail").
  { kind: 'email', re: new RegExp(String.raw`${LOCAL}@${LABEL}(?:\.${LABEL})*\.[a-z]{2,24}\b`, 'gi') },
  { kind: 'email', re: new RegExp(String.raw`${LOCAL}${AT}${LABEL}(?:${DOT}${LABEL})*${DOT}(?:${TLDS})\b`, 'gi') },
  { kind: 'email', re: new RegExp(String.raw`${LOCAL}${AT}(?:${MAIL_HOSTS})\b`, 'gi') },
  // Links: a scheme or www., a known top-level domain, or one spelled out ("mysite dot com").
  { kind: 'link', re: /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi },
  // The handle before the app: "@jane on venmo", "$jane on cash app".
  { kind: 'payment', re: new RegExp(String.raw`(?<![\w@$])[@$][a-z][\w-]*(?:\.[\w-]+)*\s+(?:on|at|via|for)\s+(?:${PAY_APPS})\b`, 'gi') },
  // Payment apps with the handle that follows (@name, $name, or after a colon), and $cashtags (a $ then
  // a letter: never a price).
  {
    kind: 'payment',
    // After the app: "@jane", "$jane", ": jane", a link path ("venmo.com/u/jane"), or "is jane-doe" (a bare
    // handle only when it holds a digit, _ or -: in "venmo is easier" only the app name goes).
    re: new RegExp(
      String.raw`\b(?:${PAY_APPS})\b(?:\.(?:me|com))?(?:\/[\w-]+(?:\.[\w-]+)*)*(?:\s*(?:me\s+)?(?:at|to|is|:)?\s*[@$][\w-]+(?:\.[\w-]+)*|\s*:\s*[\w-]+(?:\.[\w-]+)*|\s+(?:is|at)\s+(?=[a-z][\w-]*[\d_-])[a-z][\w-]*[a-z0-9])?`,
      'gi',
    ),
  },
  { kind: 'payment', re: /(?<![\w$])\$[a-z][a-z0-9_]{1,19}\b/gi },
  // Messaging apps with a username: "telegram @jane", "my insta: jane.doe", "@jane on signal", t.me/jane.
  {
    kind: 'handle',
    re: new RegExp(
      String.raw`\b(?:${CHAT_APPS})\b(?:\s*(?:me|id|handle|user\s?name|name)?\s*(?:at|is|:|-)?\s*${HANDLE}|\s+(?:is|at)\s+(?=[a-z][\w.]*[\d_])[a-z][\w]*(?:\.[\w]+)*)|\b(?:${NAMED_APPS})\s*:\s*[\w]+(?:\.[\w]+)*`,
      'gi',
    ),
  },
  { kind: 'handle', re: new RegExp(String.raw`(?<![\w@$])${HANDLE}\s+(?:on|at|via|in)\s+(?:${CHAT_APPS})\b`, 'gi') },
  { kind: 'handle', re: /\b(?:t|wa)\.me\/[\w+]+/gi },
  { kind: 'link', re: new RegExp(String.raw`(?<![\w@.-])(?:${LABEL}\.)+(?:${BARE_TLDS})\b(?:\/[^\s<>"]*)?`, 'gi') },
  { kind: 'link', re: new RegExp(String.raw`(?<![\w@.-])${LABEL}(?:${DOT}${LABEL})*(?:\s*[([{<]\s*(?:dot|\.)\s*[)\]}>]\s*|\s+dot\s+)(?:${TLDS})\b`, 'gi') },
  // A dot with a space before it ("evil . com", "evil .com"): no sentence puts one there.
  { kind: 'link', re: new RegExp(String.raw`(?<![\w@.-])${LABEL}\s+\.\s*(?:${BARE_TLDS})(?![\w-])`, 'gi') },
]

// Dates are kept whole before phone numbers are looked for: 2027-03-01 and 03/01/2027 hold 8 digits.
const DATE = /\b(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.](?:\d{4}|\d{2}))\b/g

// One digit group (not glued to letters: 10x12, M5H, 3rd) or a digit written as a word. Letters that
// pass for digits among digits are read as them: O for 0, l and I for 1 ("4l6 555 O199").
const LOOK_ALIKES = 'oli' // the regular expression ignores case
const TOKEN = String.raw`(?:(?<![\w$])(?=[${LOOK_ALIKES}]*\d)[\d${LOOK_ALIKES}]+(?![\w²³])|\b(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)\b)`
const SEP = String.raw`[\s.()+\-–]{0,4}`
const RUN = new RegExp(String.raw`\+?\(?${TOKEN}(?:${SEP}${TOKEN})*`, 'gi')

/** Whether a run of digits and digit words reads as a phone number (not a price, size, range or year). */
function looksLikePhone(raw: string): boolean {
  const run = raw.replace(/[\doli]*\d[\doli]*/gi, (t) => t.replace(/o/gi, '0').replace(/[li]/gi, '1'))
  const parts = run.match(/\d+|[a-z]+/gi) ?? []
  const words = parts.filter((p) => /[a-z]/i.test(p))
  const digits = parts.reduce((n, p) => n + (/\d/.test(p) ? p.length : 1), 0)
  const wordDigits = words.filter((w) => w.toLowerCase() !== 'oh').length
  if (digits >= 10) return true
  // 7 to 9: a local number 555-0199, or mostly digits written as words (nobody writes a price that way).
  if (digits >= 7) return /^\(?\d{3}\)?[\s.\-–]{1,3}\d{4}$/.test(run.trim()) || wordDigits >= 4
  return false
}

interface Span {
  start: number
  end: number
  kind: ContactKind
}

/** The contact details in a text, as ranges of the original string, in order and not overlapping. */
function findContactSpans(input: string): Span[] {
  const { text, from, to } = normaliseForContact(input)
  const found: Span[] = []
  // A match is blanked out with as many placeholder characters (no digit, letter or dot: nothing later
  // matches across them), so every later index is still an index of `text`.
  let work = text
  const blank = (re: RegExp, take: (m: string) => ContactKind | 'keep' | null) => {
    work = work.replace(re, (m: string, ...rest: unknown[]) => {
      const at = rest.find((r) => typeof r === 'number') as number
      const kind = take(m)
      if (!kind) return m
      if (kind !== 'keep') found.push({ start: at, end: at + m.length, kind })
      return (kind === 'keep' ? '\uE001' : '\uE000').repeat(m.length)
    })
  }
  for (const { kind, re } of PATTERNS) blank(re, () => kind)
  blank(DATE, () => 'keep')
  blank(RUN, (run) => (looksLikePhone(run) ? 'phone' : null))
  return found
    .map((s) => ({ kind: s.kind, start: from[s.start]!, end: to[s.end - 1]! }))
    .sort((a, b) => a.start - b.start)
    .filter((s, i, all) => i === 0 || s.start >= all[i - 1]!.end)
}

export interface MaskResult {
  text: string
  /** The kinds of contact details hidden, each once, in the order of CONTACT_MASKS. */
  hidden: ContactKind[]
}

function applySpans(input: string, spans: Span[]): MaskResult {
  let text = ''
  let at = 0
  for (const s of spans) {
    text += input.slice(at, s.start) + CONTACT_MASKS[s.kind]
    at = s.end
  }
  text += input.slice(at)
  const order = (Object.keys(CONTACT_MASKS) as ContactKind[]).filter((k) => spans.some((s) => s.kind === k))
  return { text, hidden: order }
}

/** The text with every contact detail replaced by its "[… hidden until you book]" label. */
export const maskContactDetails = (input: string): MaskResult => applySpans(input, findContactSpans(input))

/**
 * The same, for a message that may finish one the sender began in their previous message or two ("416 555",
 * then "0199"): what this text adds to a contact detail read across them is hidden too. Earlier messages
 * are as they were stored (already masked where they held something whole), oldest first.
 */
export function maskContactDetailsAfter(input: string, previous: readonly string[]): MaskResult {
  const before = previous.slice(-2)
  if (before.length === 0) return maskContactDetails(input)
  const joined = [...before, input].join('\n')
  const offset = joined.length - input.length
  const across = findContactSpans(joined)
    .filter((s) => s.end > offset)
    .map((s) => ({ kind: s.kind, start: Math.max(0, s.start - offset), end: s.end - offset }))
  const own = findContactSpans(input)
  const spans = [...own, ...across].sort((a, b) => a.start - b.start || b.end - a.end)
  // Overlapping ranges merge into one, labelled by the first.
  const merged: Span[] = []
  for (const s of spans) {
    const last = merged.at(-1)
    if (last && s.start < last.end) last.end = Math.max(last.end, s.end)
    else merged.push({ ...s })
  }
  return applySpans(input, merged)
}

/** Whether sending this text before a booking would hide something (the composer's warning). */
export const wouldMaskContact = (text: string) => maskContactDetails(text).hidden.length > 0

/** The first contact detail a text holds, by kind, or null: for refusing it where the public reads it. */
export const contactKindIn = (text: string): ContactKind | null => findContactSpans(text)[0]?.kind ?? null
