// Typed HTTP errors that handlers throw; the error handler turns them into the one JSON error shape.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: { field?: string; retryAfter?: number } = {},
  ) {
    super(message)
  }
}
export const badRequest = (message: string, field?: string) => new HttpError(400, message, { field })
export const unauthorized = (message = 'Please log in to continue.') => new HttpError(401, message)
export const forbidden = (message = 'You are not allowed to do that.') => new HttpError(403, message)
export const notFound = (message = 'Not found.') => new HttpError(404, message)
export const conflict = (message: string, field?: string) => new HttpError(409, message, { field })
export const tooManyRequests = (message: string, retryAfter: number) => new HttpError(429, message, { retryAfter })
