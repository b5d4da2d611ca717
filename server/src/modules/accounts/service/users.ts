// How a user row is shown to its owner (spec section 3, User: _id and id both present).
import type { User } from '@contract/user'
import type { UserRow } from '../../../db/schema/users'

/**
 * Admins: the is_admin flag (set by hand or by the demo seed), or an ADMIN_EMAILS address the owner has
 * proved is theirs. An unverified address grants nothing: anyone can type it at sign-up.
 */
export function isAdminUser(row: Pick<UserRow, 'isAdmin' | 'email' | 'emailVerified'>, adminEmails: readonly string[]): boolean {
  return row.isAdmin || (row.emailVerified && adminEmails.includes(row.email.toLowerCase()))
}

/** The last 4 characters of a tax id, and only when it is long enough that they don't give it away. */
export const taxIdEnding = (taxId: string) => {
  const compact = taxId.replace(/[\s-]/g, '')
  return compact.length >= 8 ? compact.slice(-4) : ''
}

export function toUserDto(row: UserRow, opts: { isAdmin: boolean; isHost: boolean }): User {
  return {
    _id: row.id,
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerified,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    businessName: row.businessName,
    businessType: row.businessType,
    website: row.website,
    address: row.address,
    businessAddress: row.businessAddress,
    hasDateOfBirth: row.dateOfBirth !== '',
    hasTaxId: row.taxId !== '',
    taxIdEnding: taxIdEnding(row.taxId),
    isAdmin: opts.isAdmin,
    isHost: opts.isHost,
    referralCode: row.referralCode,
    createdAt: row.createdAt.toISOString(),
  }
}

// The account rows' reads and writes, for the routes and the other modules.
export { findUserByEmail, findUserById, insertUser, markEmailVerified, updateUser } from '../queries/users'
