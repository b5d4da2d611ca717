// /storage/:action?/:id? (spec 2): /storage lists the host's listings, /storage/new creates one,
// /storage/edit/:id edits one.
import { createFileRoute, notFound } from '@tanstack/react-router'
import { useSuspenseQueries } from '@tanstack/react-query'
import { useSignedInUser } from '../../features/auth/signed-in-user'
import { PayoutSetupBanner } from '../../features/payments/components/payout-setup-banner'
import { myStoragesQueryOptions, storageQueryOptions } from '../../features/storages/api/get-storage'
import { MyStorages } from '../../features/storages/components/my-storages'
import { StorageEditor } from '../../features/storages/editor/storage-editor'
import { titleHead } from '../../lib/page-title'
import { NotFound } from '../__root'
import { RouteError } from '../../components/ui/route-error'
import { loadQuery } from '../../lib/offline-first-load'

export const Route = createFileRoute('/_authed/storage/{-$action}/{-$id}')({
  beforeLoad: ({ params }) => {
    const { action, id } = params
    const ok = (action === undefined && id === undefined) || (action === 'new' && id === undefined) || (action === 'edit' && Boolean(id))
    if (!ok) throw notFound()
  },
  // The listing being edited before the editor renders; the host's listings asked for alongside the page's
  // code (the list shows its own loading and offline states, the page around it does not wait).
  loader: ({ context: { queryClient }, params: { action, id } }) => {
    if (action === 'edit' && id) return loadQuery(queryClient, storageQueryOptions(id)).then(() => undefined)
    if (!action) void queryClient.prefetchQuery(myStoragesQueryOptions())
  },
  head: ({ params }) => titleHead(params.action === 'new' ? 'List your space' : params.action === 'edit' ? 'Edit listing' : 'Your listings'),
  notFoundComponent: NotFound,
  // A listing or a list that cannot be loaded: the one error screen (not found, not yours, offline, failed).
  errorComponent: RouteError,
  component: StoragePage,
})

function StoragePage() {
  const { action, id } = Route.useParams()
  const user = useSignedInUser()
  return (
    <>
      {/* Hosts reach the payment setup from here when Stripe says it is needed. */}
      <PayoutSetupBanner isHost={user.isHost} className="mx-auto max-w-6xl px-4 pt-4" />
      {action ? <EditorPage id={action === 'edit' ? id : undefined} /> : <MyStorages />}
    </>
  )
}

/**
 * The editor, for a new listing or the one being edited. One element in both cases: saving a new draft
 * moves the URL to /storage/edit/:id, and the editor must stay mounted on its step, not start again.
 */
function EditorPage({ id }: { id?: string }) {
  const edited = useSuspenseQueries({ queries: (id ? [id] : []).map((i) => storageQueryOptions(i)) })[0]
  return <StorageEditor storage={edited?.data} />
}
