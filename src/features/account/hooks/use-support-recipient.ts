// "Contact support" (/messages?support=1): the support account's id, to open (or start) the chat with it
// like any "Message the host" link; a toast says so when support is not reachable in the app.
import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { supportContactQueryOptions } from '../api/account-calls'

export function useSupportRecipient(userId: string, wanted: boolean): string | undefined {
  const contact = useQuery({ ...supportContactQueryOptions(userId), enabled: wanted })
  useEffect(() => {
    if (wanted && contact.isError) toast.error(errorMessage(contact.error, 'Support could not be reached. Please email info@nookshare.app.'))
  }, [wanted, contact.isError, contact.error])
  return wanted ? contact.data?.userId : undefined
}
