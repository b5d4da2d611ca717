// The shared header: logo, main navigation (a sheet on phones) and the account menu.
import { useEffect, useRef, useState } from 'react'
import { Link, useRouterState } from '@tanstack/react-router'
import { useAuth } from '../../features/auth/auth-context'
import { useSignOut } from '../../features/auth/use-sign-out'
import { InstallAppButton } from '../../features/pwa/components/install-app-button'
import { Avatar, initials } from './avatar'
import { ACCOUNT_NAV, MAIN_NAV, type NavItem } from './nav-items'
import { NO_UNREAD, UnreadBadge, type Unread } from './unread-badge'

function NavLink({ item, className, onClick, role, unread }: { item: NavItem; className: string; onClick?: () => void; role?: 'menuitem'; unread: Unread }) {
  return (
    <Link to={item.to as '/'} role={role} className={className} activeProps={{ 'aria-current': 'page', className: 'text-brand-700' }} onClick={onClick}>
      {item.label}
      {item.unread && <UnreadBadge unread={unread} className="ml-1.5 align-[1px]" />}
    </Link>
  )
}

/** `unread`: the signed-in user's unread messages, from the layout (the conversation-list poll). */
export function SiteHeader({ unread = NO_UNREAD }: { unread?: Unread }) {
  const { user, isLoading } = useAuth()
  const signOut = useSignOut()
  const [sheetOpen, setSheetOpen] = useState(false)
  const [menuOpen, setMenuOpen] = useState(false)
  const menuRef = useRef<HTMLDivElement>(null)
  const pathname = useRouterState({ select: (s) => s.location.pathname })

  useEffect(() => {
    setSheetOpen(false)
    setMenuOpen(false)
  }, [pathname])

  useEffect(() => {
    if (!menuOpen) return
    const onDown = (e: MouseEvent) => {
      if (!menuRef.current?.contains(e.target as Node)) setMenuOpen(false)
    }
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false)
    document.addEventListener('mousedown', onDown)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('mousedown', onDown)
      document.removeEventListener('keydown', onKey)
    }
  }, [menuOpen])

  const visible = (items: NavItem[]) => items.filter((i) => (!i.auth || user) && (!i.admin || user?.isAdmin) && (!i.host || user?.isHost))

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur" style={{ paddingTop: 'env(safe-area-inset-top)' }}>
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-4 px-4">
        <Link to="/" className="flex items-center gap-2 font-bold text-stone-900" aria-label="Nookshare home">
          {/* Inline, not <img src="/icon.svg">: an SVG image is a document of its own, costly to set up on a slow phone. */}
          <svg viewBox="0 0 512 512" width={28} height={28} className="h-7 w-7" aria-hidden="true" focusable="false">
            <rect width="512" height="512" rx="112" fill="#0f766e" />
            <path d="M256 104 96 224v184h120V312h80v96h120V224z" fill="#fff" />
            <rect x="216" y="312" width="80" height="96" fill="#f59e0b" />
          </svg>
          <span className="text-lg tracking-tight">Nookshare</span>
        </Link>
        <nav aria-label="Main" className="ml-4 hidden items-center gap-5 text-sm font-medium text-stone-600 md:flex">
          {visible(MAIN_NAV).map((item) => (
            <NavLink key={item.to} item={item} unread={unread} className="hover:text-stone-900" />
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {isLoading ? (
            <span className="h-9 w-9 animate-pulse rounded-full bg-stone-200" aria-hidden />
          ) : user ? (
            <div className="relative" ref={menuRef}>
              <button
                className="flex items-center gap-2 rounded-full p-0.5 hover:ring-2 hover:ring-stone-200"
                aria-haspopup="menu"
                aria-expanded={menuOpen}
                // The name holds the initials it shows, so "Account menu" and what a voice user reads out both work (axe label-content-name-mismatch).
                aria-label={`Account menu ${initials(user.firstName, user.lastName)}`}
                onClick={() => setMenuOpen((o) => !o)}
              >
                <Avatar firstName={user.firstName} lastName={user.lastName} />
              </button>
              {menuOpen && (
                <div role="menu" className="absolute right-0 mt-2 w-56 overflow-hidden rounded-xl border border-stone-200 bg-white py-1 shadow-xl">
                  <p className="border-b border-stone-100 px-4 py-2 text-sm">
                    <span className="block font-semibold">
                      {user.firstName} {user.lastName}
                    </span>
                    <span className="block truncate text-stone-500">{user.email}</span>
                  </p>
                  {visible(ACCOUNT_NAV).map((item) => (
                    <NavLink key={item.to} item={item} unread={unread} role="menuitem" className="block px-4 py-2 text-sm hover:bg-stone-50" />
                  ))}
                  <InstallAppButton
                    role="menuitem"
                    className="flex w-full items-center gap-2 px-4 py-2 text-left text-sm hover:bg-stone-50"
                    onDone={() => setMenuOpen(false)}
                  />
                  <button role="menuitem" className="block w-full px-4 py-2 text-left text-sm text-red-700 hover:bg-red-50" onClick={() => void signOut()}>
                    Log out
                  </button>
                </div>
              )}
            </div>
          ) : (
            <>
              <Link to="/login" search={{}} className="btn px-3 text-stone-700 hover:bg-stone-100">
                Log in
              </Link>
              <Link to="/register" search={{}} className="btn-primary hidden px-3 sm:inline-flex">
                Sign up
              </Link>
            </>
          )}
          <button
            className="btn relative -mr-2 px-2 md:hidden"
            aria-label={sheetOpen ? 'Close menu' : unread.count > 0 ? `Open menu (${unread.label} unread messages)` : 'Open menu'}
            aria-expanded={sheetOpen}
            aria-controls="mobile-nav"
            onClick={() => setSheetOpen((o) => !o)}
          >
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              {sheetOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
            {!sheetOpen && unread.count > 0 && <span aria-hidden className="absolute top-2 right-1.5 h-2.5 w-2.5 rounded-full bg-red-600 ring-2 ring-white" />}
          </button>
        </div>
      </div>
      {sheetOpen && (
        <nav id="mobile-nav" aria-label="Mobile" className="border-t border-stone-200 bg-white px-4 pb-4 md:hidden">
          {visible(MAIN_NAV).map((item) => (
            <NavLink key={item.to} item={item} unread={unread} className="block border-b border-stone-100 py-3 text-base font-medium text-stone-800" />
          ))}
          <InstallAppButton
            className="flex w-full items-center gap-2 border-b border-stone-100 py-3 text-base font-medium text-stone-800"
            onDone={() => setSheetOpen(false)}
          />
          {!user && (
            <Link to="/register" search={{}} className="btn-primary mt-4 w-full">
              Sign up
            </Link>
          )}
        </nav>
      )}
    </header>
  )
}
