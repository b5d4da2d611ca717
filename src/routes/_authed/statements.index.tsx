// /statements: the host's monthly statements (linked from the host dashboard).
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { RouteError } from '../../components/ui/route-error'
import { useSignedInUser } from '../../features/auth/signed-in-user'
import { statementMonthsQueryOptions } from '../../features/receipts/api/statements'
import { StatementMonthsList } from '../../features/receipts/components/statement-months'
import { loadQuery } from '../../lib/offline-first-load'
import { titleHead } from '../../lib/page-title'

export const Route = createFileRoute('/_authed/statements/')({
  head: () => titleHead('Monthly statements'),
  loader: ({ context: { queryClient, userId } }) => loadQuery(queryClient, statementMonthsQueryOptions(userId)),
  errorComponent: RouteError,
  component: StatementsPage,
})

function StatementsPage() {
  const { id: userId } = useSignedInUser()
  const { data } = useSuspenseQuery(statementMonthsQueryOptions(userId))
  return <StatementMonthsList data={data} />
}
