// Contact protection: hides phone numbers, email addresses, links and payment-app handles in a message
// written before a booking between the two is confirmed. Pure and dependency-free: the server masks what
// it stores, the composer runs the same function to warn the sender before sending.

export const CONTACT_MASKS = {
  phone: '[phone number hidden until you book]',
  email: '[email hidden until you book]',
  link: '[link hidden until you book]',
  payment: '[payment handle hidden until you book]',
} as const
export type ContactKind = keyof typeof CONTACT_MASKS

export const CONTACT_MASK_NOTE = 'Phone numbers, emails, links and payment handles are hidden until a booking is confirmed.'

const TLDS = 'com|net|org|io|ca|co|me|app|info|biz|us|uk|de|fr|au|link|xyz|site|online|shop|store|gg|tv|ly|email|mail|page'
// Without a scheme, only the endings people type for sites (not .me or .us: "dry.Me" is a typo, not a link).
const BARE_TLDS = 'com|net|org|io|ca|co|info|biz|xyz|ly|gg|app'
const MAIL_HOSTS = 'gmail|googlemail|hotmail|yahoo|outlook|icloud|protonmail|proton|live|aol|msn|gmx'
// An "at": @ (spaces allowed), (at) [at] {at}, or the bare word between spaces.
const AT = String.raw`(?:\s*@\s*|\s*[([{<]\s*at\s*[)\]}>]\s*|\s+at\s+)`
// A "dot" between labels: a dot with no space or with spaces both sides, (dot) [dot], or the bare word.
const DOT = String.raw`(?:\.|\s+\.\s+|\s*[([{<]\s*dot\s*[)\]}>]\s*|\s+dot\s+)`
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'
// A dot spelled out inside the part before the "at" ("jane dot doe at gmail dot com").
const SPELLED_DOT = String.raw`(?:\s+dot\s+|\s*[([{<]\s*dot\s*[)\]}>]\s*)`
const LOCAL = String.raw`(?<![\w.'’%+-])[a-z0-9][a-z0-9._%+-]{0,63}(?:${SPELLED_DOT}[a-z0-9][a-z0-9._%+-]{0,63}){0,3}`
const PAY_APPS = String.raw`venmo|cash\s?app|paypal|zelle|interac(?:\s+e-?\s?transfer)?|e-?\s?transfer|revolut`

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
  { kind: 'link', re: new RegExp(String.raw`(?<![\w@.-])(?:${LABEL}\.)+(?:${BARE_TLDS})\b(?:\/[^\s<>"]*)?`, 'gi') },
  { kind: 'link', re: new RegExp(String.raw`(?<![\w@.-])${LABEL}(?:${DOT}${LABEL})*(?:\s*[([{<]\s*dot\s*[)\]}>]\s*|\s+dot\s+)(?:${TLDS})\b`, 'gi') },
]

// Dates are kept whole before phone numbers are looked for: 2027-03-01 and 03/01/2027 hold 8 digits.
const DATE = /\b(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.](?:\d{4}|\d{2}))\b/g

// One digit group (not glued to letters: 10x12, M5H, 3rd) or a digit written as a word.
// A letter O among digits ("416 555 O199") is a zero.
const TOKEN = String.raw`(?:(?<![\w$])(?=[oO]*\d)[\doO]+(?![\w²³])|\b(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)\b)`
const SEP = String.raw`[\s.()+\-–]{0,4}`
const RUN = new RegExp(String.raw`\+?\(?${TOKEN}(?:${SEP}${TOKEN})*`, 'gi')

/** Whether a run of digits and digit words reads as a phone number (not a price, size, range or year). */
function looksLikePhone(run: string): boolean {
  const parts = run.match(/\d+|[a-z]+/gi) ?? []
  const words = parts.filter((p) => /[a-z]/i.test(p))
  const digits = parts.reduce((n, p) => n + (/\d/.test(p) ? p.length : 1), 0)
  const wordDigits = words.filter((w) => w.toLowerCase() !== 'oh').length
  if (digits >= 10) return true
  // 7 to 9: a local number 555-0199, or mostly digits written as words (nobody writes a price that way).
  if (digits >= 7) return /^\(?\d{3}\)?[\s.\-–]{1,3}\d{4}$/.test(run.trim()) || wordDigits >= 4
  return false
}

export interface MaskResult {
  text: string
  /** The kinds of contact details hidden, each once, in the order of CONTACT_MASKS. */
  hidden: ContactKind[]
}

/** The text with every contact detail replaced by its "[… hidden until you book]" label. */
export function maskContactDetails(input: string): MaskResult {
  const hidden = new Set<ContactKind>()
  const kept: string[] = []
  // Protected spans become \uE000<n>\uE000 (no digit, letter or dot: nothing below can match across them).
  const protect = (s: string) => `\uE000${'\uE001'.repeat(kept.push(s))}\uE000`
  let text = input
  for (const { kind, re } of PATTERNS)
    text = text.replace(re, () => {
      hidden.add(kind)
      return protect(CONTACT_MASKS[kind])
    })
  text = text.replace(DATE, protect)
  text = text.replace(RUN, (run) => {
    if (!looksLikePhone(run)) return run
    hidden.add('phone')
    return protect(CONTACT_MASKS.phone)
  })
  text = text.replace(/\uE000(\uE001+)\uE000/g, (_, n: string) => kept[n.length - 1]!)
  const order = (Object.keys(CONTACT_MASKS) as ContactKind[]).filter((k) => hidden.has(k))
  return { text, hidden: order }
}

/** Whether sending this text before a booking would hide something (the composer's warning). */
export const wouldMaskContact = (text: string) => maskContactDetails(text).hidden.length > 0
