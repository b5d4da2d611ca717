// A subscription's endpoint is where the server will POST: only the browsers' push services (and hosts
// named in PUSH_ENDPOINT_HOSTS), so a subscription cannot point the server at an internal address. It is
// checked as the WHATWG parser reads it and as web-push will (node's legacy url.parse): an endpoint the
// two read differently (`2130706433%2efcm.googleapis.com` is Google's to one, 127.0.0.1 to the other) is
// refused, so the host we allow is the host the request goes to.
import { isIP } from 'node:net'
import { parse as legacyParse } from 'node:url'

const PUSH_SERVICES = ['fcm.googleapis.com', 'push.services.mozilla.com', 'web.push.apple.com', 'notify.windows.com']

/** The authority as written: letters, digits, dots and dashes, an optional port; no userinfo, `%`, `\` or brackets. */
const PLAIN_AUTHORITY = /^https:\/\/([a-z0-9.-]+)(?::(\d{1,5}))?(?:[/?#]|$)/i
/** A last label of digits or hex is an IPv4 address to the WHATWG parser (0x7f, 2130706433, 0177). */
const NUMERIC_LABEL = /^(?:0x[0-9a-f]*|\d+)$/i

export function isPushServiceEndpoint(endpoint: string, extraHosts: string[] = []): boolean {
  const plain = PLAIN_AUTHORITY.exec(endpoint)
  if (!plain || /[\s\\]/.test(endpoint)) return false
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  const legacy = legacyParse(endpoint)
  const host = url.hostname.toLowerCase()
  const port = url.port || '443'
  const agree =
    url.protocol === 'https:' &&
    legacy.protocol === 'https:' &&
    !url.username &&
    !url.password &&
    !legacy.auth &&
    (legacy.hostname ?? '').toLowerCase() === host &&
    (legacy.port ?? '443') === port &&
    plain[1]!.toLowerCase() === host
  if (!agree) return false
  // Hosts an operator named (a test push service, say) may be addresses and have ports, but only exactly.
  if (extraHosts.includes(host) || extraHosts.includes(`${host}:${port}`)) return true
  if (port !== '443' || isIP(host) || NUMERIC_LABEL.test(host.split('.').at(-1) ?? '')) return false
  return PUSH_SERVICES.some((s) => host === s || host.endsWith(`.${s}`))
}
