// A report goes through the action queue (lib/action-queue.ts): sent at once when the link allows, else
// shown pending in the dialog that took it (which may be closed: it is kept and sent once, its
// Idempotency-Key making a retry whose answer was lost harmless). The answer is a toast: the thanks, or
// the server's reason.
import type { CreateReportBody } from '@contract/safety'
import { SAFETY_TEXT } from '@contract/safety-constants'
import { dismissAction, onActionAnswered } from '../../lib/action-queue-client'
import { toast } from '../../lib/toast'

export const REPORT_KIND = 'report'

export const reportAction = (userId: string, body: CreateReportBody) => ({ userId, kind: REPORT_KIND, target: body.targetId, path: 'reports', body })

onActionAnswered(REPORT_KIND, async (event, queryClient) => {
  if (event.type === 'sent') return toast.success(SAFETY_TEXT.reported)
  toast.error(`Your report was not sent: ${event.error}`)
  // Its dialog may be long closed: the reason was shown, nothing is left to retry.
  await dismissAction(queryClient, event.record.userId, event.record.id)
})
