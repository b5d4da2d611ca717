// The root of every admin query key: a change anywhere in the portal refreshes what the portal shows.
export const adminRootKey = ['admin'] as const
