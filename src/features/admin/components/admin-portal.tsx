// The admin portal: tabs for leads and the email outbox. Only admins see it (the API checks too).
import { Link } from '@tanstack/react-router'
import { PageSpinner } from '../../../components/ui/spinner'
import { useAuth } from '../../auth/auth-context'
import { LeadsTable } from './leads-table'
import { OutboxView } from './outbox-view'

export type AdminTab = 'leads' | 'outbox'
const TABS: { id: AdminTab; label: string }[] = [
  { id: 'leads', label: 'Leads' },
  { id: 'outbox', label: 'Email outbox' },
]

export function AdminPortal({ tab }: { tab: AdminTab }) {
  const { user, isLoading } = useAuth()
  if (isLoading) return <PageSpinner />
  if (!user?.isAdmin)
    return (
      <div className="mx-auto max-w-md px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">Admins only</h1>
        <p className="mt-2 text-stone-700">This page is for Nookshare administrators.</p>
        <Link to="/" className="btn-primary mt-6">
          Go home
        </Link>
      </div>
    )
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold">Admin</h1>
      <nav aria-label="Admin sections" className="mt-4 mb-6 flex gap-2 border-b border-stone-200">
        {TABS.map((t) => (
          <Link
            key={t.id}
            to="/admin"
            search={{ tab: t.id }}
            aria-current={tab === t.id ? 'page' : undefined}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-semibold ${tab === t.id ? 'border-brand-700 text-brand-800' : 'border-transparent text-stone-700 hover:text-stone-900'}`}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {tab === 'leads' ? <LeadsTable /> : <OutboxView />}
    </div>
  )
}
