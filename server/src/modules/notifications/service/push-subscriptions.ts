// A device's push subscriptions and the user's notification settings, as the routes and sign-out keep them.
export { deleteSessionSubscriptions, deleteSubscription, getSettings, updateSettings, upsertSubscription } from '../queries'
