// GET /statements (the months with money) and GET /statements/:month (one month's statement).
import { queryOptions } from '@tanstack/react-query'
import type { Statement, StatementMonths } from '@contract/receipts'
import { api, request } from '../../../lib/api-client'
import { receiptKeys } from './keys'

const schemas = () => import('@contract/receipts')

/** 'YYYY-MM' (the API's own rule, kept here so a bad link is a "not found" without loading zod). */
export const isStatementMonth = (month: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(month)

export const getStatementMonths = (signal?: AbortSignal): Promise<StatementMonths> =>
  request(
    () => api.get('statements', { signal }).json(),
    async (d) => (await schemas()).StatementMonthsSchema.parse(d),
  )

export const getStatement = (month: string, signal?: AbortSignal): Promise<Statement> =>
  request(
    () => api.get(`statements/${encodeURIComponent(month)}`, { signal }).json(),
    async (d) => (await schemas()).StatementSchema.parse(d),
  )

export const statementMonthsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: receiptKeys.statements(userId), queryFn: ({ signal }) => getStatementMonths(signal), staleTime: 30_000 })

export const statementQueryOptions = (userId: string, month: string) =>
  queryOptions({ queryKey: receiptKeys.statement(userId, month), queryFn: ({ signal }) => getStatement(month, signal), staleTime: 30_000 })
