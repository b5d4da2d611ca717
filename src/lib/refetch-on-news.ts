// A query that another poll announces: asked for again when `signal` (a value the other poll brings, such as
// when a visit last changed) moves. Its first value is what the data was loaded with, not news.
import { useEffect, useRef } from 'react'
import { useQueryClient, type QueryKey } from '@tanstack/react-query'

export function useRefetchOnNews(signal: unknown, queryKey: QueryKey) {
  const queryClient = useQueryClient()
  const seen = useRef(signal)
  const key = JSON.stringify(queryKey)
  useEffect(() => {
    if (signal === undefined || signal === seen.current) return
    const first = seen.current === undefined
    seen.current = signal
    if (!first) void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey })
  }, [signal, key, queryClient])
}
