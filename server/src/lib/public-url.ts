// The site's public address, for links in emails. Never taken from a request's Host header as such: an
// attacker can send any Host, and the link would point victims at their site. PUBLIC_URL wins; without
// it the request's host counts only when it is allowed (ALLOWED_HOSTS, or localhost on our own PORT);
// otherwise http://localhost:PORT.
import type { FastifyRequest } from 'fastify'
import type { Config } from '../config'

const LOCAL_NAMES = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Whether a Host value ('example.com', 'example.com:8443', 'localhost:3000') may be used in links. */
export function isAllowedHost(config: Pick<Config, 'allowedHosts' | 'port'>, host: string): boolean {
  const value = host.trim().toLowerCase()
  if (!/^(\[[0-9a-f:]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(value)) return false
  if (config.allowedHosts.includes(value)) return true
  const match = /^(.*?)(?::(\d+))?$/.exec(value)!
  const [, name, port] = match
  if (!port && config.allowedHosts.includes(name!)) return true
  return LOCAL_NAMES.has(name!) && Number(port ?? 80) === config.port
}

/**
 * The public base URL (no trailing slash) for links in emails (leads, email verification, password
 * reset): PUBLIC_URL when set; else the request's own address when its host is allowed; else
 * http://localhost:PORT.
 */
export function publicBaseUrl(config: Pick<Config, 'publicUrl' | 'allowedHosts' | 'port'>, request?: Pick<FastifyRequest, 'host' | 'protocol'>): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '')
  if (request && isAllowedHost(config, request.host)) return `${request.protocol}://${request.host.toLowerCase()}`
  return `http://localhost:${config.port}`
}
