// Edit every user field (spec section 3): personal, business, both addresses; saves only what changed.
import { useState, type FormEvent } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { FormError, SelectField, TextField } from '../../../components/ui/field'
import type { FieldErrors } from '../../../lib/form-errors'
import { useForm } from '../../../lib/use-form'
import { toast } from '../../../lib/toast'
import { ProfileUpdateSchema, type Address, type User } from '@contract/user'
import { profileQueryOptions } from '../api/get-profile'
import { updateProfile } from '../api/update-profile'

export const COUNTRIES = [
  { value: '', label: 'Choose…' },
  { value: 'CA', label: 'Canada' },
  { value: 'US', label: 'United States' },
  { value: 'GB', label: 'United Kingdom' },
  { value: 'AU', label: 'Australia' },
  { value: 'FR', label: 'France' },
  { value: 'DE', label: 'Germany' },
  { value: 'IN', label: 'India' },
  { value: 'MX', label: 'Mexico' },
] as const

function AddressFields({ prefix, value, errors }: { prefix: 'address' | 'businessAddress'; value: Address; errors: FieldErrors }) {
  const e = (k: string) => errors[`${prefix}.${k}`]
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        className="sm:col-span-2"
        label="Street"
        name={`${prefix}.street`}
        autoComplete="street-address"
        defaultValue={value.street}
        error={e('street')}
      />
      <TextField label="City" name={`${prefix}.city`} autoComplete="address-level2" defaultValue={value.city} error={e('city')} />
      <TextField label="Province / state" name={`${prefix}.state`} autoComplete="address-level1" defaultValue={value.state} error={e('state')} />
      <TextField label="Postal code" name={`${prefix}.zipCode`} autoComplete="postal-code" defaultValue={value.zipCode} error={e('zipCode')} />
      <SelectField label="Country" name={`${prefix}.country`} defaultValue={value.country} options={COUNTRIES} error={e('country')} />
    </div>
  )
}

/** FormData with dotted names → the nested profile update. */
export function formToProfile(form: FormData) {
  const out: Record<string, unknown> = {}
  for (const [key, raw] of form.entries()) {
    const value = String(raw)
    const [head, sub] = key.split('.') as [string, string | undefined]
    if (sub) out[head] = { ...((out[head] as object) ?? {}), [sub]: value }
    else out[head] = value
  }
  return out
}

export function ProfileForm({ user }: { user: User }) {
  const queryClient = useQueryClient()
  const { errors, formError, busy, submit } = useForm()
  const [businessType, setBusinessType] = useState(user.businessType)
  // A new email needs the current password (the server checks it) and a fresh verification.
  const [email, setEmail] = useState(user.email)
  const emailChanged = email.trim().toLowerCase() !== user.email.toLowerCase()

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const data = formToProfile(new FormData(e.currentTarget))
    // The date of birth and tax id on file are never sent back to us: left blank, they stay as they are.
    if (data.dateOfBirth === '' && user.hasDateOfBirth) delete data.dateOfBirth
    if (data.taxId === '' && user.hasTaxId) delete data.taxId
    await submit(
      ProfileUpdateSchema,
      data,
      async (changes) => {
        const saved = await updateProfile(changes)
        queryClient.setQueryData(profileQueryOptions().queryKey, saved)
        toast.success(emailChanged ? `Profile saved. Open the link we sent to ${saved.email} to verify it.` : 'Profile saved')
      },
      () => toast.error('Please fix the highlighted fields.'),
    )
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label="Profile">
      <section className="card space-y-4 p-5">
        <h2 className="text-lg font-semibold">Personal details</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" name="firstName" required defaultValue={user.firstName} error={errors.firstName} autoComplete="given-name" />
          <TextField label="Last name" name="lastName" defaultValue={user.lastName} error={errors.lastName} autoComplete="family-name" />
          <TextField
            label="Email"
            name="email"
            type="email"
            required
            defaultValue={user.email}
            error={errors.email}
            autoComplete="email"
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField label="Phone" name="phone" type="tel" defaultValue={user.phone} error={errors.phone} autoComplete="tel" />
          <TextField
            label="Date of birth"
            name="dateOfBirth"
            type="date"
            error={errors.dateOfBirth}
            hint={user.hasDateOfBirth ? 'On file (hidden). Leave blank to keep it.' : 'Needed to verify hosts for payouts.'}
          />
          {emailChanged && (
            <TextField
              label="Current password"
              name="currentPassword"
              type="password"
              required
              autoComplete="current-password"
              error={errors.currentPassword}
              hint="Needed to change your email. We'll send a link to the new address to verify it."
            />
          )}
        </div>
        <h3 className="pt-2 font-medium text-stone-800">Home address</h3>
        <AddressFields prefix="address" value={user.address} errors={errors} />
      </section>

      <section className="card space-y-4 p-5">
        <h2 className="text-lg font-semibold">Hosting and payouts</h2>
        <p className="text-sm text-stone-600">Used to prefill your payout setup. Renters never see these details.</p>
        <fieldset>
          <legend className="label">I host as</legend>
          <div className="flex gap-3">
            {(['individual', 'company'] as const).map((t) => (
              <label
                key={t}
                className={`flex flex-1 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2.5 text-sm ${businessType === t ? 'border-brand-600 bg-brand-50' : 'border-stone-300'}`}
              >
                <input type="radio" name="businessType" value={t} checked={businessType === t} onChange={() => setBusinessType(t)} />
                {t === 'individual' ? 'An individual' : 'A company'}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Business name" name="businessName" defaultValue={user.businessName} error={errors.businessName} autoComplete="organization" />
          <TextField label="Website" name="website" type="url" placeholder="https://" defaultValue={user.website} error={errors.website} />
          {/* Renters never see the tax id and business address: they matter only for payouts. */}
          {user.isHost && (
            <TextField
              label="Tax ID"
              name="taxId"
              error={errors.taxId}
              placeholder={user.hasTaxId ? (user.taxIdEnding ? `On file, ending in ${user.taxIdEnding}` : 'On file') : ''}
              hint={`${businessType === 'company' ? 'Business number (BN) or EIN.' : 'Optional for individuals.'}${user.hasTaxId ? ' Leave blank to keep the one on file.' : ''}`}
            />
          )}
        </div>
        {user.isHost && (
          <>
            <h3 className="pt-2 font-medium text-stone-800">Business address</h3>
            <AddressFields prefix="businessAddress" value={user.businessAddress} errors={errors} />
          </>
        )}
      </section>

      <FormError message={formError} />
      <div className="sticky bottom-[var(--bottom-nav-h,0px)] -mx-4 border-t border-stone-200 bg-stone-50/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
          {busy ? 'Saving...' : 'Save profile'}
        </button>
      </div>
    </form>
  )
}
