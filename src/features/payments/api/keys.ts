// The payments feature's query keys.
import { rootKey } from '../../../lib/query-keys'

export const paymentKeys = {
  status: rootKey('paymentStatus'),
  config: rootKey('paymentConfig'),
}
