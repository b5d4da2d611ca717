// International phone input (spec 5): country selector defaulting to Canada, the country's format mask,
// digits capped at 15 unless long numbers are enabled, placeholder 'Your Phone Number (Optional)'.
import { useState } from 'react'
import { DEFAULT_COUNTRY, findCountry, type Country } from './countries'
import { CountrySelect } from './country-select'
import { applyMask, capNational, formatInternational, guessCountry, onlyDigits, parsePhone } from './phone-format'

export const PHONE_PLACEHOLDER = 'Your Phone Number (Optional)'

export interface PhoneInputProps {
  id?: string
  value: string
  onChange(value: string): void
  defaultCountry?: string
  enableLongNumbers?: boolean
  disabled?: boolean
  describedBy?: string
}

export function PhoneInput({ id, value, onChange, defaultCountry = DEFAULT_COUNTRY, enableLongNumbers, disabled, describedBy }: PhoneInputProps) {
  const [state, setState] = useState(() => parsePhone(value, findCountry(defaultCountry)))
  const { country, national } = state

  function update(next: { country: Country; national: string }) {
    setState(next)
    onChange(formatInternational(next.country, next.national))
  }

  function onType(raw: string) {
    // A pasted international number picks its own country.
    if (raw.trim().startsWith('+')) {
      const guessed = guessCountry(onlyDigits(raw))
      if (guessed) return update({ country: guessed, national: capNational(onlyDigits(raw).slice(guessed.dialCode.length), guessed, enableLongNumbers) })
    }
    update({ country, national: capNational(raw, country, enableLongNumbers) })
  }

  return (
    <div className="flex items-stretch">
      <CountrySelect country={country} disabled={disabled} onSelect={(c) => update({ country: c, national: capNational(national, c, enableLongNumbers) })} />
      <input
        id={id}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder={PHONE_PLACEHOLDER}
        disabled={disabled}
        aria-describedby={describedBy}
        value={applyMask(national, country.format)}
        onChange={(e) => onType(e.target.value)}
        className="input min-w-0 rounded-l-none"
      />
    </div>
  )
}
