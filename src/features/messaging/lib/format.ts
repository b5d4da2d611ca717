// Short, local times for the list and bubbles: today → 14:05, this week → Tue, older → Nov 3. The
// formatters are made once (@contract/intl): toLocale…String with options builds a new Intl formatter on
// every call, which cost a phone more than a millisecond a line.
import { dateFormat } from '@contract/intl'

export function shortTime(iso: string, now = new Date()): string {
  const d = new Date(iso)
  const sameDay = d.toDateString() === now.toDateString()
  if (sameDay) return dateFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(d)
  const days = (now.getTime() - d.getTime()) / 86_400_000
  if (days < 6) return dateFormat(undefined, { weekday: 'short' }).format(d)
  return dateFormat(undefined, { month: 'short', day: 'numeric' }).format(d)
}

export const fullTime = (iso: string) => dateFormat(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso))

export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim()
