// The invite calls: a chat's invites (its cards), sending one (the host), withdrawing (the host), "Not
// now" and "Book now" (the renter). Answers are parsed with the contract's schemas, loaded with the first
// answer (zod stays out of the chat's first paint).
import { queryOptions } from '@tanstack/react-query'
import { api, request } from '../../../lib/api-client'
import type { CreateInviteBody, Invite, InviteList } from '@contract/invite'
import { inviteKeys } from './keys'

const schemas = () => import('@contract/invite')

export const pairInvitesQueryOptions = (userId: string, otherUserId: string) =>
  queryOptions({
    queryKey: inviteKeys.pair(userId, otherUserId),
    queryFn: ({ signal }): Promise<InviteList> =>
      request(
        () => api.get(`invites/with/${encodeURIComponent(otherUserId)}`, { signal }).json(),
        async (d) => (await schemas()).InviteListSchema.parse(d),
      ),
    staleTime: 5_000,
    // The other side's step (sent, booked, withdrawn) posts a line in the chat, whose poll asks for the
    // invites again (chat-cards.tsx); this slow refresh only backs that up.
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
  })

export const sendInvite = (body: CreateInviteBody): Promise<Invite> =>
  request(
    () => api.post('invites', { json: body }).json(),
    async (d) => (await schemas()).InviteSchema.parse(d),
  )

export const inviteStep = (id: string, step: 'withdraw' | 'decline'): Promise<Invite> =>
  request(
    () => api.post(`invites/${encodeURIComponent(id)}/${step}`, { json: {} }).json(),
    async (d) => (await schemas()).InviteSchema.parse(d),
  )

export const bookInvite = (id: string): Promise<{ bookingId: string }> =>
  request(
    () => api.post(`invites/${encodeURIComponent(id)}/book`, { json: {} }).json(),
    async (d) => (await schemas()).BookInviteResponseSchema.parse(d),
  )
