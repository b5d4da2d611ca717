// Report and block constants and words, without zod: the listing page and the chat read them in bundles
// that must not pull in the schemas.
export const REPORT_TARGETS = ['user', 'storage', 'message'] as const
export type ReportTarget = (typeof REPORT_TARGETS)[number]

/** The fixed list of reasons, in the order the form offers them, with the words it shows. */
export const REPORT_REASONS = ['scam', 'off-platform-payment', 'harassment', 'inappropriate', 'fake-listing', 'unsafe', 'other'] as const
export type ReportReason = (typeof REPORT_REASONS)[number]
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: 'Scam or fraud',
  'off-platform-payment': 'Asking to pay outside Nookshare',
  harassment: 'Harassment or hate',
  inappropriate: 'Inappropriate content',
  'fake-listing': 'Fake or misleading listing',
  unsafe: 'Unsafe or illegal storage',
  other: 'Something else',
}

export const REPORT_NOTE_MAX = 1000
/** Reports a user may file in an hour (each target once while open; repeats only update the note). */
export const REPORTS_PER_HOUR = 20

export const SAFETY_TEXT = {
  reported: 'Thanks — our team will review this.',
  blockedByMe: (name: string) => `You blocked ${name}. Unblock to send messages.`,
  cannotReply: "You can't reply to this conversation.",
  /** The server's refusal to the blocker (they know they blocked). */
  youBlocked: 'You blocked this person. Unblock them to send messages.',
  /** The server's refusal to the blocked side: never says why (blocking is private). */
  cannotMessage: "You can't send messages to this person.",
  cannotBook: "You can't send a booking request for this listing.",
  removedMessage: 'Message removed by Nookshare',
} as const
