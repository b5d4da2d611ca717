// The text contact protection looks at, with where each of its characters came from: what a reader sees
// rather than what was typed. Full-width and styled characters folded (NFKC: ４ 𝟒 → 4, ＠ → @, ． → .),
// invisible characters dropped (format characters such as zero-width spaces, and combining marks: a
// keycap 4️⃣ is a 4), every decimal digit of any script read as 0–9 (٤ → 4), and letters spaced out one by
// one joined ("j a n e @ g m a i l" → "jane@gmail"). Masking then replaces the original characters a match
// came from, so text that holds nothing to hide comes back exactly as typed.

export interface Normalised {
  text: string
  /** For each UTF-16 unit of `text`, the range [from, to) of the original it came from. */
  from: number[]
  to: number[]
}

const INVISIBLE = /^[\p{Cf}\p{Mn}\p{Me}]$/u
const DIGIT = /\p{Nd}/u
/** Full stops of other scripts that NFKC keeps (。 ｡ fold to U+3002). */
const DOTS = new Set(['\u3002', '\uFE12', '\u0701', '\u06D4'])

const zeros = new Map<number, number>()
/** The 0–9 value of a decimal digit of any script: Unicode encodes each script's digits as one run 0 to 9. */
function digitValue(cp: number): number {
  let start = zeros.get(cp)
  if (start === undefined) {
    start = cp
    while (start > 0 && DIGIT.test(String.fromCodePoint(start - 1))) start--
    zeros.set(cp, start)
  }
  return (cp - start) % 10
}

const folded = new Map<string, string>()
/** One character as a reader takes it: '' when invisible. ASCII is itself; others are worked out once. */
function fold(ch: string): string {
  if (ch.length === 1 && ch.charCodeAt(0) < 0x80) return ch
  let out = folded.get(ch)
  if (out === undefined) folded.set(ch, (out = foldOnce(ch)))
  return out
}

function foldOnce(ch: string): string {
  let out = ''
  for (const c of ch.normalize('NFKC')) {
    if (INVISIBLE.test(c)) continue
    const cp = c.codePointAt(0)!
    if (cp > 0x7f && DIGIT.test(c)) out += String(digitValue(cp))
    else if (DOTS.has(c)) out += '.'
    else out += c
  }
  return out
}

// Three or more single characters each followed by spaces ("j a n e", "4 1 6"): spelled out to get past a filter.
const SPACED = /(?<!\S)(?:\S[ \t]{1,3}){2,}\S(?!\S)/g

export function normaliseForContact(input: string): Normalised {
  let text = ''
  const from: number[] = []
  const to: number[] = []
  let i = 0
  for (const ch of input) {
    const seen = fold(ch)
    // An invisible character belongs to the one before it (a keycap's marks, a zero-width space).
    if (!seen && to.length > 0) to[to.length - 1] = i + ch.length
    for (let k = 0; k < seen.length; k++) {
      from.push(i)
      to.push(i + ch.length)
    }
    text += seen
    i += ch.length
  }
  // Drop the spaces inside spaced-out runs, keeping each remaining character's origin.
  const drop = new Set<number>()
  for (const m of text.matchAll(SPACED)) for (let k = m.index; k < m.index + m[0].length; k++) if (/[ \t]/.test(text[k]!)) drop.add(k)
  if (drop.size === 0) return { text, from, to }
  let joined = ''
  const f: number[] = []
  const t: number[] = []
  for (let k = 0; k < text.length; k++) {
    if (drop.has(k)) continue
    joined += text[k]
    f.push(from[k]!)
    t.push(to[k]!)
  }
  return { text: joined, from: f, to: t }
}
