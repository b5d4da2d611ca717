// International phone input (spec 5): country selector defaulting to Canada, the country's format mask,
// digits capped at 15 unless long numbers are enabled, placeholder 'Your Phone Number (Optional)'.
import { useEffect, useRef, useState } from 'react'
import { typedValue } from '../../../../lib/typed-before-start'
import { CANADA, type Country } from './country'
import { CountrySelect } from './country-select'
import { applyMask, capNational, formatInternational, onlyDigits } from './phone-format'

export const PHONE_PLACEHOLDER = 'Your Phone Number (Optional)'

const loadSearch = () => import('./country-search')

export interface PhoneInputProps {
  id?: string
  value: string
  onChange(value: string): void
  /** An iso2 code; Canada unless told otherwise. */
  defaultCountry?: string
  enableLongNumbers?: boolean
  disabled?: boolean
}

export function PhoneInput({ id, value, onChange, defaultCountry = CANADA.iso2, enableLongNumbers, disabled }: PhoneInputProps) {
  // An international value (or another default country) needs the full country list, loaded on demand.
  const needsList = value.trim().startsWith('+') || defaultCountry !== CANADA.iso2
  const [state, setState] = useState(() => ({ country: CANADA, national: needsList ? '' : onlyDigits(value) }))
  const { country, national } = state
  const input = useRef<HTMLInputElement>(null)

  // Only the first value is parsed (afterwards this input owns it), and reported back in the
  // international format the form stores.
  useEffect(() => {
    // A number typed before the app ran (a prerendered page) is taken as if typed now.
    const typed = input.current && typedValue(input.current)
    if (typed) return onType(typed)
    const settle = (parsed: { country: Country; national: string }) => {
      setState(parsed)
      const formatted = formatInternational(parsed.country, parsed.national)
      if (formatted && formatted !== value) onChange(formatted)
    }
    if (!needsList) return settle(state)
    void loadSearch().then(({ parsePhone, findCountry }) => settle(parsePhone(value, findCountry(defaultCountry))))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- parsed once, on mount: afterwards this input owns the value
  }, [])

  function update(next: { country: Country; national: string }) {
    setState(next)
    onChange(formatInternational(next.country, next.national))
  }

  function onType(raw: string) {
    // A pasted international number picks its own country.
    if (raw.trim().startsWith('+')) {
      const digits = onlyDigits(raw)
      return void loadSearch().then(({ guessCountry }) => {
        const guessed = guessCountry(digits) ?? country
        update({ country: guessed, national: capNational(digits.slice(guessed.dialCode.length), guessed, enableLongNumbers) })
      })
    }
    update({ country, national: capNational(raw, country, enableLongNumbers) })
  }

  return (
    <div className="flex items-stretch">
      <CountrySelect country={country} disabled={disabled} onSelect={(c) => update({ country: c, national: capNational(national, c, enableLongNumbers) })} />
      <input
        ref={input}
        id={id}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder={PHONE_PLACEHOLDER}
        disabled={disabled}
        value={applyMask(national, country.format)}
        onChange={(e) => onType(e.target.value)}
        className="input min-w-0 rounded-l-none px-2.5 placeholder:text-sm"
      />
    </div>
  )
}
