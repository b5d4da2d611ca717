// The message screen's error texts (spec 8), chosen from what went wrong.
import { ZodError } from 'zod'
import { ApiError } from '../../../lib/api-client'

export const MESSAGES_TEXT = {
  loadFailed: 'Failed to load messages. Please try again.',
  pollFailed: 'Failed to load messages',
  invalidData: 'Error loading conversation',
  notFound: 'Conversation not found',
  loginAgain: 'Please log in again',
  sendFailed: 'Failed to send message. Please try again.',
  retrying: 'Retrying to send message...',
  imageFailed: 'Failed to load image',
  deleted: 'Conversation deleted successfully',
  deleteFailed: 'Failed to delete conversation',
  conversationsFailed: 'Failed to load conversations',
} as const

/** Thrown by fetchers when the server answered with data of the wrong shape. */
export class InvalidDataError extends Error {
  constructor() {
    super(MESSAGES_TEXT.invalidData)
    this.name = 'InvalidDataError'
  }
}

export function parseOrInvalid<T>(parse: (d: unknown) => T) {
  return (d: unknown) => {
    try {
      return parse(d)
    } catch (err) {
      if (err instanceof ZodError) throw new InvalidDataError()
      throw err
    }
  }
}

export function loadMessagesError(err: unknown): string {
  if (err instanceof InvalidDataError) return MESSAGES_TEXT.invalidData
  if (err instanceof ApiError) {
    if (err.status === 404) return MESSAGES_TEXT.notFound
    if (err.status === 401) return MESSAGES_TEXT.loginAgain
    const body = err.data as { error?: unknown } | undefined
    if (err.status < 500 && typeof body?.error === 'string') return body.error
  }
  return MESSAGES_TEXT.loadFailed
}

export function sendError(err: unknown): string {
  if (err instanceof ApiError) {
    const body = err.data as { error?: unknown } | undefined
    if (typeof body?.error === 'string' && err.status < 500) return body.error
  }
  return MESSAGES_TEXT.sendFailed
}
