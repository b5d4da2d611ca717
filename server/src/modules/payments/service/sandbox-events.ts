// The payments sandbox's events, for the modules whose sandbox pages (checkout, billing portal) send them
// through the real webhook route as Stripe would (the stand-in: payments/stand-in/sandbox-delivery.ts).
export { deliverSandboxEvents, sandboxEvent } from '../stand-in/sandbox-delivery'
