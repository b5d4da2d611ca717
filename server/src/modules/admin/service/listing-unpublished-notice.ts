// What the host hears when an admin unpublishes their listing (the Listings tab or a report): why, by
// email with a link to edit it, and in the app unless the admin is the host.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { listingUnpublishedEmail, unpublishedNotice } from './admin-emails'
import { publicBaseUrl } from '../../../lib/public-url'
import { postSystemMessage } from '../../messaging/service/system-messages'

interface Unpublished {
  storage: { id: string; title: string }
  host: { id: string; email: string; firstName: string }
  adminId: string
  reason: string
}

export async function tellHostUnpublished(app: FastifyInstance, request: FastifyRequest, { storage, host, adminId, reason }: Unpublished) {
  const url = `${publicBaseUrl(app.config, request)}/storage/edit/${storage.id}`
  await app.mailer.send({
    to: host.email,
    template: 'listing-unpublished',
    ...listingUnpublishedEmail({ firstName: host.firstName, title: storage.title, reason, url }),
  })
  if (host.id !== adminId) {
    await postSystemMessage(app.db, { fromUserId: adminId, toUserId: host.id, content: unpublishedNotice(storage.title, reason), storageId: storage.id })
  }
}
