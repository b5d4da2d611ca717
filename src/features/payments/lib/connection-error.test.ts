import { describe, expect, it } from 'vitest'
import { ApiError, NetworkError } from '../../../lib/api-client'
import { CONNECTION_ERROR_DEFAULT, OFFLINE_MESSAGE, connectionErrorMessage } from './connection-error'

describe("the 'Connection Error' message (spec 8)", () => {
  it("is the error's message first", () => {
    expect(connectionErrorMessage(new Error('Stripe could not be loaded.'))).toBe('Stripe could not be loaded.')
    expect(connectionErrorMessage(new ApiError(502, 'Could not reach Stripe.', { error: 'other' }, '/x'))).toBe('Could not reach Stripe.')
  })
  it("then the response's error, then its details", () => {
    expect(connectionErrorMessage(new ApiError(500, '', { error: 'From the body' }, '/x'))).toBe('From the body')
    expect(connectionErrorMessage(new ApiError(500, '', { details: 'Some details' }, '/x'))).toBe('Some details')
  })
  it('else the default', () => {
    expect(connectionErrorMessage(new ApiError(500, '', {}, '/x'))).toBe(CONNECTION_ERROR_DEFAULT)
    expect(connectionErrorMessage('weird')).toBe(CONNECTION_ERROR_DEFAULT)
    expect(CONNECTION_ERROR_DEFAULT).toBe('There was an issue setting up the onboarding flow. Please try again later.')
  })
  it('says the connection is missing when there was no response at all', () => {
    expect(connectionErrorMessage(new NetworkError('Failed to fetch'))).toBe(OFFLINE_MESSAGE)
  })
})
