// A host's connected account as the routes and the other modules read and write it (the SQL, with the
// once-only create and the once-only verification email claim: payments/queries.ts).
export { claimVerificationEmail, ensurePaymentAccount, findPaymentAccount, saveAccountState } from '../queries'
