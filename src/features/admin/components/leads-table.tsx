// Admin: the leads from /host and /storee, newest first.
import { useQuery } from '@tanstack/react-query'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { adminLeadsQueryOptions } from '../api/admin-leads'

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

export function LeadsTable() {
  const query = useQuery(adminLeadsQueryOptions())
  if (query.isPending) return <Spinner />
  if (query.isError)
    return (
      <p role="alert" className="text-red-800">
        {errorMessage(query.error, 'Could not load leads.')}{' '}
        <button className="underline" onClick={() => void query.refetch()}>
          Retry
        </button>
      </p>
    )
  if (!query.data.length) return <p className="text-stone-700">No leads yet. They appear here when someone submits the form on /host or /storee.</p>
  return (
    <div className="card overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Leads</caption>
        <thead className="border-b border-stone-200 bg-stone-50 text-stone-700">
          <tr>
            {['Received', 'Name', 'Email', 'Phone', 'Source', 'Browser', 'Via'].map((h) => (
              <th key={h} scope="col" className="px-4 py-3 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {query.data.map((l) => (
            <tr key={l.id}>
              <td className="px-4 py-3 whitespace-nowrap text-stone-700">{when(l.createdAt)}</td>
              <td className="px-4 py-3 font-medium">{l.name}</td>
              <td className="px-4 py-3">{l.email}</td>
              <td className="px-4 py-3 whitespace-nowrap">{l.phone || 'N/A'}</td>
              <td className="px-4 py-3">{l.source}</td>
              <td className="px-4 py-3" title={l.userAgent}>
                {l.browser || '—'}
              </td>
              <td className="px-4 py-3 text-stone-700">{l.via}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
