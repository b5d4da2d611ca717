// A user's saved listings: saving and unsaving are idempotent (the offline queue may send a change twice).
export { listSavedStorages, saveStorage, unsaveStorage } from '../queries/saved-storages'
