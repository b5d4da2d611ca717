// A subscription's endpoint is where the server will POST: only the browsers' push services (and hosts
// named in PUSH_ENDPOINT_HOSTS), so a subscription cannot point the server at an internal address.
const PUSH_SERVICES = ['fcm.googleapis.com', 'push.services.mozilla.com', 'web.push.apple.com', 'notify.windows.com']

export function isPushServiceEndpoint(endpoint: string, extraHosts: string[] = []): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false
  const host = url.hostname.toLowerCase()
  if (extraHosts.includes(host) || extraHosts.includes(url.host.toLowerCase())) return true
  if (url.port) return false
  return PUSH_SERVICES.some((s) => host === s || host.endsWith(`.${s}`))
}
