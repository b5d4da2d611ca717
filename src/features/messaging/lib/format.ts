// Short, local times for the list and bubbles: today → 14:05, this week → Tue, older → Nov 3. The
// formatters are made once: toLocale…String with options builds a new Intl formatter on every call, which
// cost a phone more than a millisecond a line.
const formatters = new Map<string, Intl.DateTimeFormat>()
const formatter = (key: string, options: Intl.DateTimeFormatOptions) => {
  let f = formatters.get(key)
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(undefined, options)))
  return f
}

export function shortTime(iso: string, now = new Date()): string {
  const d = new Date(iso)
  const sameDay = d.toDateString() === now.toDateString()
  if (sameDay) return formatter('time', { hour: 'numeric', minute: '2-digit' }).format(d)
  const days = (now.getTime() - d.getTime()) / 86_400_000
  if (days < 6) return formatter('weekday', { weekday: 'short' }).format(d)
  return formatter('day', { month: 'short', day: 'numeric' }).format(d)
}

export const fullTime = (iso: string) => formatter('full', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso))

export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim()
