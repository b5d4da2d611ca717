// /statements: the host's monthly statements (linked from the host dashboard).
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { PageSpinner } from '../../components/ui/spinner'
import { noDataYet, RouteError } from '../../components/ui/route-error'
import { useSignedInUser } from '../../features/auth/signed-in-user'
import { statementMonthsQueryOptions } from '../../features/receipts/api/statements'
import { StatementMonthsList } from '../../features/receipts/components/statement-months'
import { loadSignedInQuery } from '../../lib/signed-in-load'
import { titleHead } from '../../lib/page-title'

export const Route = createFileRoute('/_authed/statements/')({
  head: () => titleHead('Monthly statements'),
  loader: ({ context: { queryClient, userId } }) => loadSignedInQuery(queryClient, statementMonthsQueryOptions(userId)),
  errorComponent: RouteError,
  component: StatementsPage,
})

function StatementsPage() {
  const { id: userId } = useSignedInUser()
  const { data } = useQuery({ ...statementMonthsQueryOptions(userId), throwOnError: noDataYet })
  if (!data) return <PageSpinner />
  return <StatementMonthsList data={data} />
}
