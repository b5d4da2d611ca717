// Demo accounts: an admin, hosts and renters, all with one shared demo password.
import type { Db } from '../db/client'
import { insertUser } from '../modules/accounts/queries/users'
import type { UserRow } from '../db/schema/users'
import { hashPassword } from '../modules/accounts/service/passwords'

export const DEMO_PASSWORD = 'nookshare-demo'

const PEOPLE = [
  { key: 'admin', firstName: 'Avery', lastName: 'Admin', email: 'admin@nookshare.test', isAdmin: true, city: 'Toronto', state: 'ON' },
  { key: 'host', firstName: 'Hannah', lastName: 'Host', email: 'host@nookshare.test', isAdmin: false, city: 'Toronto', state: 'ON' },
  { key: 'host2', firstName: 'Marc', lastName: 'Tremblay', email: 'marc@nookshare.test', isAdmin: false, city: 'Montréal', state: 'QC' },
  { key: 'host3', firstName: 'Priya', lastName: 'Singh', email: 'priya@nookshare.test', isAdmin: false, city: 'Vancouver', state: 'BC' },
  { key: 'host4', firstName: 'Liam', lastName: "O'Connor", email: 'liam@nookshare.test', isAdmin: false, city: 'Calgary', state: 'AB' },
  { key: 'renter', firstName: 'Sam', lastName: 'Storee', email: 'renter@nookshare.test', isAdmin: false, city: 'Toronto', state: 'ON' },
  { key: 'renter2', firstName: 'Olivia', lastName: 'Chen', email: 'olivia@nookshare.test', isAdmin: false, city: 'Ottawa', state: 'ON' },
] as const

export type DemoUserKey = (typeof PEOPLE)[number]['key']
export type DemoUsers = Record<DemoUserKey, UserRow>

export async function seedUsers(db: Db): Promise<DemoUsers> {
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const out: Partial<DemoUsers> = {}
  for (const p of PEOPLE) {
    const row = await insertUser(db, {
      email: p.email,
      passwordHash,
      firstName: p.firstName,
      lastName: p.lastName,
      isAdmin: p.isAdmin,
      // Demo addresses cannot receive mail; they count as proven.
      emailVerified: true,
      phone: '+1 416 555 01' + String(PEOPLE.indexOf(p)).padStart(2, '0'),
      address: { street: '', city: p.city, state: p.state, zipCode: '', country: 'CA' },
    })
    if (!row) throw new Error(`demo user ${p.email} already exists`)
    out[p.key] = row
  }
  return out as DemoUsers
}

export const demoLogins = () => PEOPLE.map((p) => ({ role: p.key.replace(/\d+$/, ''), email: p.email, password: DEMO_PASSWORD }))
