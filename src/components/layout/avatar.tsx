// Initials on one of five gradients chosen by the first letter's code (spec: Messages screen).
export const AVATAR_GRADIENTS = [
  'from-teal-500 to-emerald-600',
  'from-sky-500 to-indigo-600',
  'from-amber-400 to-orange-600',
  'from-rose-400 to-pink-600',
  'from-violet-500 to-purple-700',
] as const

export function initials(firstName?: string | null, lastName?: string | null) {
  const a = (firstName ?? '').trim().charAt(0)
  const b = (lastName ?? '').trim().charAt(0)
  return (a + b).toUpperCase() || '?'
}

export function avatarGradient(firstName?: string | null) {
  const code = (firstName ?? '').trim().toUpperCase().charCodeAt(0)
  return AVATAR_GRADIENTS[(Number.isNaN(code) ? 0 : code) % AVATAR_GRADIENTS.length]!
}

export function Avatar({ firstName, lastName, size = 'h-9 w-9 text-sm' }: { firstName?: string | null; lastName?: string | null; size?: string }) {
  return (
    <span
      aria-hidden
      className={`inline-grid shrink-0 place-items-center rounded-full bg-gradient-to-br font-semibold text-white ${avatarGradient(firstName)} ${size}`}
    >
      {initials(firstName, lastName)}
    </span>
  )
}
