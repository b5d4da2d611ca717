// The payments sandbox's stand-in for Stripe's embedded onboarding: two short steps with Stripe's test
// bank numbers; finishing completes the local test account (through the same signed webhook as Stripe).
// The bank fields are the chosen country's: a US routing number, or a Canadian transit and institution number.
import { useState, type FormEvent } from 'react'
import { FormError, SelectField, TextField } from '../../../components/ui/field'
import { useForm } from '../../../lib/use-form'
import { SANDBOX_BANK_COUNTRIES, SandboxOnboardingBodySchema, type SandboxBankCountry } from '@contract/payments'
import { completeSandboxOnboarding } from '../api/onboarding-calls'

export function SandboxOnboardingForm({
  firstName,
  lastName,
  country: profileCountry,
  onStepChange,
  onExit,
}: {
  firstName: string
  lastName: string
  /** The profile's country: its bank fields show first when the sandbox knows them. */
  country: string
  onStepChange: (step: string) => void
  onExit: () => void
}) {
  const [stage, setStage] = useState<'personal' | 'bank'>('personal')
  const initialCountry: SandboxBankCountry = profileCountry === 'CA' ? 'CA' : 'US'
  const [values, setValues] = useState({
    firstName,
    lastName,
    country: initialCountry as string,
    routingNumber: '110000000',
    transitNumber: '11000',
    institutionNumber: '000',
    accountNumber: '000123456789',
  })
  const { errors, formError, busy, submit } = useForm()
  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  })

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    if (stage === 'personal') {
      if (!values.firstName.trim() || !values.lastName.trim())
        return void submit(
          SandboxOnboardingBodySchema,
          {
            ...values,
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
          },
          async () => {},
        )
      setStage('bank')
      onStepChange('external_account')
      return
    }
    await submit(SandboxOnboardingBodySchema, values, async (body) => {
      await completeSandboxOnboarding(body)
      onStepChange('complete')
      onExit()
    })
  }

  return (
    <form onSubmit={onSubmit} noValidate className="card space-y-4 p-5" aria-label="Test mode onboarding">
      <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
        This is the local payments sandbox: Stripe is not configured, so this short form stands in for Stripe's onboarding. No real account is made and no money
        moves.
      </p>
      {stage === 'personal' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" required {...field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" required {...field('lastName')} />
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Bank country"
            className="sm:col-span-2"
            options={Object.entries(SANDBOX_BANK_COUNTRIES).map(([value, c]) => ({ value, label: c.label }))}
            {...field('country')}
          />
          {values.country === 'CA' ? (
            <>
              <TextField label="Transit number" inputMode="numeric" hint="5 digits. Test number: 11000" {...field('transitNumber')} />
              <TextField label="Institution number" inputMode="numeric" hint="3 digits. Test number: 000" {...field('institutionNumber')} />
              <TextField
                label="Account number"
                className="sm:col-span-2"
                inputMode="numeric"

                hint="7 to 12 digits. Test number: 000123456789"
                {...field('accountNumber')}
              />
            </>
          ) : (
            <>
              <TextField label="Routing number" inputMode="numeric" hint="9 digits. Test number: 110000000" {...field('routingNumber')} />
              <TextField label="Account number" inputMode="numeric" hint="Test number: 000123456789" {...field('accountNumber')} />
            </>
          )}
        </div>
      )}
      <FormError message={formError} />
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
        {stage === 'personal' ? 'Continue' : busy ? 'Finishing…' : 'Finish test setup'}
      </button>
    </form>
  )
}
