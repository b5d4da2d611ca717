// The payments sandbox's events, as other modules send them (a played ID check, a test dispute…):
// signed and posted to the real webhook, so they go through the one handler live events do.
export { deliverSandboxEvents, sandboxEvent } from '../stand-in/sandbox-delivery'
