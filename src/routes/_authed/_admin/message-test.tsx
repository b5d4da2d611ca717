import { createFileRoute } from '@tanstack/react-router'
import { MessageTestForm } from '../../../features/messaging/components/message-test-form'
import { titleHead } from '../../../lib/page-title'

export const Route = createFileRoute('/_authed/_admin/message-test')({
  head: () => titleHead('Message test'),
  component: MessageTestPage,
})

function MessageTestPage() {
  return (
    <div className="mx-auto max-w-lg px-4 py-8">
      <h1 className="text-2xl font-bold">Message test</h1>
      <p className="mt-1 mb-6 text-sm text-stone-600">Developer tool (admins only): send a message to a user by email or id.</p>
      <MessageTestForm />
    </div>
  )
}
