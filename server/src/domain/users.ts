// How a user row is shown to its owner (spec section 3, User: _id and id both present).
import type { User } from '../../../src/schemas/user'
import type { UserRow } from '../db/schema/users'

export function toUserDto(row: UserRow, opts: { isAdmin: boolean; isHost: boolean }): User {
  return {
    _id: row.id,
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    businessName: row.businessName,
    businessType: row.businessType,
    website: row.website,
    address: row.address,
    businessAddress: row.businessAddress,
    dateOfBirth: row.dateOfBirth,
    taxId: row.taxId,
    isAdmin: opts.isAdmin,
    isHost: opts.isHost,
    referralCode: row.referralCode,
    createdAt: row.createdAt.toISOString(),
  }
}
