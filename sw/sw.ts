/// <reference lib="webworker" />
// Service worker entry: it only wires the concerns, each in its own module. Order matters for routes:
// the never-cache-authorized rule is registered before the caching rules, the shell's navigation last.
import { registerActionSync } from './action-sync'
import { registerEvidenceSync } from './evidence-sync'
import { flushQueuesAtStart, registerOutboxSync } from './outbox-sync'
import { registerPrecache } from './precache'
import { registerPush } from './push'
import { registerRuntimeCaching } from './runtime-caching'
import { registerSavedSync } from './saved-sync'
import { registerUpdateHandling } from './update'
import { registerUserDataCleanup } from './user-data'

declare const self: ServiceWorkerGlobalScope

registerUpdateHandling(self)
registerRuntimeCaching()
registerPrecache(self, self.__WB_MANIFEST)
registerOutboxSync(self)
registerEvidenceSync(self)
registerActionSync(self)
registerSavedSync(self)
flushQueuesAtStart(self)
registerUserDataCleanup(self)
registerPush(self)
