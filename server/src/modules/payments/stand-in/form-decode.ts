// Decodes Stripe's request bodies (application/x-www-form-urlencoded with bracketed keys, e.g.
// individual[address][line1]=…, payout_days[0]=1) into nested objects; values stay strings.
export type FormValue = string | FormValue[] | { [key: string]: FormValue }

export function decodeStripeForm(body: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {}
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[')
    let node: any = root
    parts.forEach((part, i) => {
      const last = i === parts.length - 1
      const name = part === '' && Array.isArray(node) ? node.length : part
      if (last) node[name] = value
      else node = node[name] ??= /^\d*$/.test(parts[i + 1] ?? '') ? [] : {}
    })
  }
  return root
}
