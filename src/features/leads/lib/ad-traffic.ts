// Ad traffic detection (spec 4): fbclid; utm_source; utm_medium paid, cpc or ppc; utm_campaign over 10 chars.
// Only logged, never acted on.
export interface AdTraffic {
  isAd: boolean
  reasons: string[]
}

export function detectAdTraffic(search: string | URLSearchParams): AdTraffic {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search
  const reasons: string[] = []
  if (params.has('fbclid')) reasons.push('fbclid')
  if (params.get('utm_source')) reasons.push('utm_source')
  const medium = (params.get('utm_medium') ?? '').toLowerCase()
  if (['paid', 'cpc', 'ppc'].includes(medium)) reasons.push(`utm_medium=${medium}`)
  if ((params.get('utm_campaign') ?? '').length > 10) reasons.push('utm_campaign')
  return { isAd: reasons.length > 0, reasons }
}

export function logAdTraffic(search: string, log: (msg: string, data: unknown) => void = console.info): AdTraffic {
  const result = detectAdTraffic(search)
  if (result.isAd) log('Ad traffic detected', result.reasons)
  return result
}
