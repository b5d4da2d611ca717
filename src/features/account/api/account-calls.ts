// GET /account/deletion, POST /account/delete, GET /account/export and GET /account/support.
import { queryOptions } from '@tanstack/react-query'
import { AccountDeletedSchema, AccountDeletionCheckSchema, SupportContactSchema, type AccountDeleteBody } from '@contract/account'
import { api, request } from '../../../lib/api-client'
import { accountKeys } from './keys'

/** How this account confirms a deletion, and what stands in its way now (asked fresh each time). */
export const deletionCheckQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: accountKeys.deletion(userId),
    queryFn: () =>
      request(
        () => api.get('account/deletion').json(),
        (d) => AccountDeletionCheckSchema.parse(d),
      ),
    staleTime: 0,
  })

export const deleteAccount = (body: AccountDeleteBody) =>
  request(
    () => api.post('account/delete', { json: body }).json(),
    (d) => AccountDeletedSchema.parse(d),
  )

/** Who "Contact support" writes to: an administrator's account. */
export const supportContactQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: accountKeys.support(userId),
    queryFn: () =>
      request(
        () => api.get('account/support').json(),
        (d) => SupportContactSchema.parse(d),
      ),
    staleTime: 60 * 60_000,
  })

/** The export as a file: fetched with the session's token, then saved under the server's file name. */
export async function downloadMyData(): Promise<void> {
  const { blob, name } = await request(
    async () => {
      const res = await api.get('account/export')
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'nookshare-data.json'
      return { blob: await res.blob(), name }
    },
    (d) => d as { blob: Blob; name: string },
  )
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
