// A listing's life as its host (or an admin) drives it, and as anyone reads it: shown (public while active,
// a preview for its host and admins), created (a draft, or published by a host whose email is verified),
// edited (status changes checked: a listing held by a booking, or not yet publishable, stays as it is), and
// removed. Every write tells search (here and on every instance); a listing that becomes visible is
// checked against saved searches.
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import type { CreateStorageBodySchema, Storage, UpdateStorageBodySchema } from '@contract/storage'
import { TRUST_ERRORS } from '@contract/trust'
import { searchChanged } from '../../../db/change-feed'
import type { StorageRow } from '../../../db/schema/storages'
import { forbidden, notFound } from '../../../errors'
import { refuseContactDetails } from '../../../lib/public-text'
import type { AuthState } from '../../../plugins/auth'
import type { Viewer } from '../../bookings/service/contact-access'
import { publishDueReviews, withHostRating } from '../../safety/service/listing-rating'
import { verificationsOf } from '../../safety/service/user-verifications'
import { fieldsToColumns } from './fields'
import { presentStorages } from './present'
import { findStorage, LISTING_NOT_FOUND, listingToChange } from './storage-reads'
import { withClock } from './schedule-clock'
import { assertNotHeld, assertPublishable, assertStatusChange, countStorageView, createStorage, removeStorage, updateStorage } from './storages'

/** The listing, if `auth` is its host or an admin. */
const ownedListing = (app: FastifyInstance, auth: AuthState, id: string) =>
  listingToChange(app.db, id, { userId: auth.user.id, isAdmin: auth.isAdmin }, 'Only the host of this listing can change it.')

/** A listing page: public while active (a view counted, unless the host's own), else only for its host and admins. */
export async function showListing(app: FastifyInstance, id: string, viewer: Viewer | null, onViewNotCounted: (err: unknown) => void): Promise<Storage> {
  await publishDueReviews(app)
  const found = await findStorage(app.db, id)
  const mayPreview = viewer && found && (viewer.isAdmin || viewer.userId === found.storage.hostId)
  if (!found || (found.storage.status !== 'active' && !mayPreview)) throw notFound(LISTING_NOT_FOUND)
  // A view for the host's dashboard: anyone but the host, on a published listing. A failed count never
  // fails the page.
  if (found.storage.status === 'active' && viewer?.userId !== found.storage.hostId) await countStorageView(app.db, found.storage.id).catch(onViewNotCounted)
  const [dto] = await presentStorages(app.db, [found], viewer)
  dto!.host.verifications = (await verificationsOf(app.db, [found.storage.hostId])).get(found.storage.hostId)
  dto!.accessSchedule = withClock(dto!.accessSchedule)
  return withHostRating(app, dto!)
}

/** A new listing of `auth`'s: a draft, or published at once (a verified email is needed for that). */
export async function createListing(
  app: FastifyInstance,
  auth: AuthState,
  body: z.infer<typeof CreateStorageBodySchema>,
  viewer: Viewer | null,
): Promise<Storage> {
  const { status = 'draft', ...fields } = body
  if (status === 'active' && !auth.user.emailVerified) throw forbidden(TRUST_ERRORS.emailForListing)
  refuseContactDetails({ title: fields.title, description: fields.description })
  const row = await createStorage(app.db, { ...fieldsToColumns(fields), hostId: auth.user.id }, { publish: status === 'active' })
  await searchChanged(app.db) // committed: here and on every instance
  if (row.status === 'active') await app.savedSearchAlerts.listingVisible(row.id)
  const host = { id: auth.user.id, firstName: auth.user.firstName, lastName: auth.user.lastName, createdAt: auth.user.createdAt }
  const [dto] = await presentStorages(app.db, [{ storage: row, host }], viewer)
  return dto!
}

/** The host's (or an admin's) edit: fields, and a status change if the listing may take it. */
export async function editListing(
  app: FastifyInstance,
  auth: AuthState,
  id: string,
  body: z.infer<typeof UpdateStorageBodySchema>,
  viewer: Viewer | null,
): Promise<Storage> {
  const { storage, host } = await ownedListing(app, auth, id)
  const { status, ...fields } = body
  refuseContactDetails({ title: fields.title, description: fields.description })
  // Publishing asks the host for a verified email (an admin acting on the listing is not its host).
  if (status === 'active' && storage.status !== 'active' && auth.user.id === storage.hostId && !auth.user.emailVerified)
    throw forbidden(TRUST_ERRORS.emailForListing)
  const changes: Partial<StorageRow> = fieldsToColumns(fields)
  const next = status ?? storage.status
  assertStatusChange(storage.status, next)
  assertNotHeld(storage, next)
  if (next === 'active') assertPublishable({ ...storage, ...changes } as StorageRow)
  if (status) changes.status = status
  if (next === 'active' && !storage.publishedAt) changes.publishedAt = new Date()
  const row = await updateStorage(app.db, storage, changes)
  await searchChanged(app.db)
  // Published or unpaused: saved searches' alerts look at it (a listing already visible is not news).
  if (row.status === 'active' && storage.status !== 'active') await app.savedSearchAlerts.listingVisible(row.id)
  const [dto] = await presentStorages(app.db, [{ storage: row, host }], viewer)
  return dto!
}

/** The host's (or an admin's) removal of a listing. */
export async function deleteListing(app: FastifyInstance, auth: AuthState, id: string) {
  const { storage } = await ownedListing(app, auth, id)
  await removeStorage(app.db, storage.id)
  await searchChanged(app.db)
}
