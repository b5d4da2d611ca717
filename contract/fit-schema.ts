// A fit list as the API reads it (search's `fit`, a booking request's `items`): contract/fit.ts's codec
// under zod, kept apart from fit.ts so that the search page's startup bundle, which parses it, stays zod-free.
import { z } from './zod'
import { decodeFit } from './fit-list'

export const FitListSchema = z
  .string()
  .max(1000, 'must be at most 1000 characters')
  .transform((text, ctx) => {
    const decoded = decodeFit(text)
    if ('list' in decoded) return decoded.list
    ctx.addIssue({ code: 'custom', message: decoded.error })
    return z.NEVER
  })
