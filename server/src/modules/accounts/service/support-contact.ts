// Support is the team's own administrator account (the oldest active one, by the flag or a verified
// ADMIN_EMAILS address): a message there lands in an admin's /messages like any other, answered there.
import type { Db } from '../../../db/client'
import { oldestActiveAdmin } from '../queries/users'

export const supportAgent = (db: Db, adminEmails: string[]) => oldestActiveAdmin(db, adminEmails)
