// A renter's saved searches: each is the user's own (another user's reads as missing), at most
// SAVED_SEARCH_MAX of them, and the alert's unsubscribe link turns alerts off without signing in.
export { deleteSavedSearch, insertSavedSearch, listSavedSearches, markSavedSearchSeen, turnOffAlerts, updateSavedSearch } from '../queries/saved-searches'
export type { SavedSearchView } from '../queries/saved-searches'
