// The shared footer: help and legal pages.
import { Link } from '@tanstack/react-router'

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-stone-200 bg-white" style={{ paddingBottom: 'env(safe-area-inset-bottom)' }}>
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-stone-600 sm:flex-row sm:items-center sm:justify-between">
        <p>© {new Date().getFullYear()} Nookshare. Storage space from your neighbours.</p>
        <nav aria-label="Footer" className="flex gap-5">
          <Link to="/blog" className="hover:text-stone-900">
            Blog
          </Link>
          <Link to="/faq" className="hover:text-stone-900">
            FAQ
          </Link>
          <Link to="/terms" className="hover:text-stone-900">
            Terms
          </Link>
          <Link to="/privacy" className="hover:text-stone-900">
            Privacy
          </Link>
        </nav>
      </div>
    </footer>
  )
}
