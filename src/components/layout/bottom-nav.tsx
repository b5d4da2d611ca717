// The phone's bottom bar for signed-in users (hidden from md up, where the header has room): Find, Home
// (the user's dashboard), Messages with the unread badge, Profile. It steps aside for a full-screen chat, whose composer sits
// at the bottom. While shown it sets --bottom-nav-h (styles.css) so pages keep their ends above it.
import { useEffect } from 'react'
import { Link, useRouterState } from '@tanstack/react-router'
import { useAuth } from '../../features/auth/auth-context'
import { BOTTOM_NAV } from './nav-items'
import { UnreadBadge, type Unread } from './unread-badge'

const ICONS: Record<(typeof BOTTOM_NAV)[number]['icon'], string> = {
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm9 16-4.35-4.35',
  home: 'M4 11 12 4l8 7v9h-5v-6H9v6H4v-9z',
  chat: 'M4 5h16v11H9l-5 4V5z',
  person: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0',
}

export function BottomNav({ unread }: { unread: Unread }) {
  const { user } = useAuth()
  const inChat = useRouterState({ select: (s) => s.location.pathname === '/messages' && Boolean((s.location.search as { chat?: string }).chat) })
  useEffect(() => {
    if (inChat) return
    const root = document.documentElement
    root.dataset.bottomNav = ''
    return () => void delete root.dataset.bottomNav
  }, [inChat])
  if (inChat) return null
  return (
    <nav
      aria-label="Bottom"
      data-testid="bottom-nav"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white/95 backdrop-blur md:hidden"
      style={{ paddingBottom: 'env(safe-area-inset-bottom)' }}
    >
      <ul className="mx-auto grid h-14 max-w-md grid-cols-4">
        {BOTTOM_NAV.map((item) => (
          <li key={item.to}>
            <Link
              to={(user?.isHost && item.hostTo ? item.hostTo : item.to) as '/'}
              className="flex h-full flex-col items-center justify-center gap-0.5 text-[11px] font-medium"
              activeProps={{ 'aria-current': 'page', className: 'text-brand-700' }}
              inactiveProps={{ className: 'text-stone-600' }}
            >
              <span className="relative">
                <svg
                  width="24"
                  height="24"
                  viewBox="0 0 24 24"
                  aria-hidden
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  <path d={ICONS[item.icon]} />
                </svg>
                {item.unread && <UnreadBadge unread={unread} className="absolute -top-1.5 left-3.5 ring-2 ring-white" />}
              </span>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
