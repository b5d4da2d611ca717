/// <reference lib="webworker" />
// Service worker entry: it only wires the concerns, each in its own module. Order matters for routes:
// the never-cache-authorized rule is registered before the caching rules, the shell's navigation last.
import { registerEvidenceSync } from './evidence-sync'
import { flushQueuesAtStart, registerOutboxSync } from './outbox-sync'
import { registerPrecache } from './precache'
import { registerPush } from './push'
import { registerRuntimeCaching } from './runtime-caching'
import { registerUpdateHandling } from './update'
import { registerUserDataCleanup } from './user-data'

declare const self: ServiceWorkerGlobalScope

registerUpdateHandling(self)
registerRuntimeCaching()
registerPrecache(self, self.__WB_MANIFEST)
registerOutboxSync(self)
registerEvidenceSync(self)
flushQueuesAtStart(self)
registerUserDataCleanup(self)
registerPush(self)
