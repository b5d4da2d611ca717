// /statements/$month: a host's statement of one month (YYYY-MM), printable on A4.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, notFound } from '@tanstack/react-router'
import { RouteError } from '../../components/ui/route-error'
import { useSignedInUser } from '../../features/auth/signed-in-user'
import { isStatementMonth, statementQueryOptions } from '../../features/receipts/api/statements'
import { PrintButton, PrintPage } from '../../features/receipts/components/print-sheet'
import { StatementView } from '../../features/receipts/components/statement-view'
import { loadQuery } from '../../lib/offline-first-load'
import { titleHead } from '../../lib/page-title'

export const Route = createFileRoute('/_authed/statements/$month')({
  head: () => titleHead('Statement'),
  loader: ({ context: { queryClient, userId }, params }) => {
    if (!isStatementMonth(params.month)) throw notFound()
    return loadQuery(queryClient, statementQueryOptions(userId, params.month))
  },
  errorComponent: RouteError,
  component: StatementPage,
})

function StatementPage() {
  const { id: userId } = useSignedInUser()
  const { month } = Route.useParams()
  const { data } = useSuspenseQuery(statementQueryOptions(userId, month))
  return (
    <PrintPage
      testId="statement-page"
      toolbar={
        <>
          <Link to="/statements" className="text-sm font-medium text-brand-700 hover:underline">
            ← All statements
          </Link>
          <PrintButton />
        </>
      }
    >
      <StatementView statement={data} />
    </PrintPage>
  )
}
