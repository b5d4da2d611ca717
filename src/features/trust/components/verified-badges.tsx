// A person's verified badges fetched once (cached) where their card carries none: the chat header.
import { useQuery } from '@tanstack/react-query'
import { VerifiedBadges } from '../../../components/ui/verified-badges'
import { userTrustQueryOptions } from '../api/verification-calls'

export function UserBadges({ userId, className }: { userId: string; className?: string }) {
  const { data } = useQuery(userTrustQueryOptions(userId))
  return <VerifiedBadges verifications={data?.verifications} className={className} />
}
