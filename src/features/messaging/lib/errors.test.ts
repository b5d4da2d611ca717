import { describe, expect, it } from 'vitest'
import { ApiError, NetworkError } from '../../../lib/api-client'
import { InvalidDataError, loadMessagesError, sendError } from './errors'

const api = (status: number, error?: string) => new ApiError(status, error ?? 'x', error ? { error } : undefined, '/api/messages/x')

describe('message error texts', () => {
  it('loading messages', () => {
    expect(loadMessagesError(api(404, 'whatever'))).toBe('Conversation not found')
    expect(loadMessagesError(api(401))).toBe('Please log in again')
    expect(loadMessagesError(api(400, 'userId must be a valid id'))).toBe('userId must be a valid id')
    expect(loadMessagesError(api(500, 'boom'))).toBe('Failed to load messages. Please try again.')
    expect(loadMessagesError(new NetworkError())).toBe('Failed to load messages. Please try again.')
    expect(loadMessagesError(new InvalidDataError())).toBe('Error loading conversation')
  })
  it('sending', () => {
    expect(sendError(api(409, 'This conversation has been closed.'))).toBe('This conversation has been closed.')
    expect(sendError(api(400))).toBe('Failed to send message. Please try again.')
    expect(sendError(api(503, 'down'))).toBe('Failed to send message. Please try again.')
  })
})
