// The payments sandbox's accounts and the database: an account the database holds as able to take charges
// but the stand-in does not know (the demo hosts' from the seed, or a lost stripe-sandbox.json) is taken on
// as complete, so its host's payout pages and their listings' checkouts work.
import type { Db } from '../../../db/client'
import { chargeableAccounts } from '../queries'
import { connectAccountParams } from '../service/connect-account-params'
import type { StripeStandIn } from './stripe-stand-in'

export async function adoptStoredAccounts(db: Db, sandbox: StripeStandIn) {
  for (const { accountId, user } of await chargeableAccounts(db)) {
    const country = user.address.country === 'CA' ? 'CA' : 'US'
    sandbox.adopt(
      accountId,
      { ...connectAccountParams(user), country },
      {
        country,
        routingNumber: country === 'CA' ? '11000-000' : '110000000',
        accountNumber: '000123456789',
      },
    )
  }
}
