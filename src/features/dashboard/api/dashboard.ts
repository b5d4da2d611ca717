// GET /dashboard/host and GET /dashboard/storee. Keys start with 'bookings' and hold the user: saved for
// offline use with the bookings, refreshed whenever a booking step invalidates ['bookings'].
import { queryOptions } from '@tanstack/react-query'
import { api, request } from '../../../lib/api-client'
import type { HostDashboard, StoreeDashboard } from '@contract/dashboard'
import { dashboardKeys } from './keys'

// The schemas (and zod) load with the first answer, not with the app: route loaders read these options,
// and route files are in the startup bundle.
const schemas = () => import('@contract/dashboard')

export const getHostDashboard = (signal?: AbortSignal): Promise<HostDashboard> =>
  request(
    () => api.get('dashboard/host', { signal }).json(),
    async (d) => (await schemas()).HostDashboardSchema.parse(d),
  )

export const getStoreeDashboard = (signal?: AbortSignal): Promise<StoreeDashboard> =>
  request(
    () => api.get('dashboard/storee', { signal }).json(),
    async (d) => (await schemas()).StoreeDashboardSchema.parse(d),
  )

export const hostDashboardQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: dashboardKeys.host(userId),
    queryFn: ({ signal }) => getHostDashboard(signal),
    staleTime: 10_000,
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
  })

export const storeeDashboardQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: dashboardKeys.storee(userId),
    queryFn: ({ signal }) => getStoreeDashboard(signal),
    staleTime: 10_000,
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
  })
