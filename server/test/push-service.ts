// A local HTTPS push service for tests: it hands out subscriptions (a fresh P-256 key pair and auth
// secret, as a browser would), accepts what the server POSTs, checks the VAPID signature and decrypts the
// aes128gcm body (RFC 8291/8188), so tests assert what the user's device would receive.
import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { Agent, createServer, type Server } from 'node:https'
import os from 'node:os'
import path from 'node:path'

/**
 * The push service's TLS certificate for 127.0.0.1, made once per machine with openssl (no private key is
 * kept in the repository). Its path is what the app under test trusts (NODE_EXTRA_CA_CERTS).
 */
export function pushServiceCertPath(): string {
  const dir = path.join(os.tmpdir(), 'nookshare-push-service-tls')
  const crt = path.join(dir, 'push-service.crt')
  if (!existsSync(crt)) {
    // Made in a directory of its own, then renamed into place in one step: test processes starting
    // together never pair one's certificate with another's key.
    const tmp = mkdtempSync(`${dir}-`)
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '3650', '-subj', '/CN=127.0.0.1'].concat([
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        path.join(tmp, 'push-service.key'),
        '-out',
        path.join(tmp, 'push-service.crt'),
      ]),
      { stdio: 'ignore' },
    )
    try {
      renameSync(tmp, dir)
    } catch {
      rmSync(tmp, { recursive: true, force: true }) // another process got there first: use theirs
    }
  }
  return crt
}
const certPath = pushServiceCertPath()
const cert = readFileSync(certPath)
const key = readFileSync(certPath.replace(/\.crt$/, '.key'))

export interface Delivery {
  device: string
  payload: any
  headers: Record<string, string | string[] | undefined>
  vapidValid: boolean
  audience?: string
}

interface Device {
  ecdh: ReturnType<typeof createECDH>
  auth: Buffer
  /** Status codes to answer, in turn; 201 once they run out. */
  answers: number[]
}

const hmac = (k: Buffer, data: Buffer) => createHmac('sha256', k).update(data).digest()

/** RFC 8291: the device's private key and auth secret open the message. */
function decrypt(device: Device, body: Buffer): string {
  const salt = body.subarray(0, 16)
  const idLength = body.readUInt8(20)
  const serverPublic = body.subarray(21, 21 + idLength)
  const ciphertext = body.subarray(21 + idLength)
  const shared = device.ecdh.computeSecret(serverPublic)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), serverPublic, Buffer.from([1])])
  const ikm = hmac(hmac(device.auth, shared), keyInfo)
  const prk = hmac(salt, ikm)
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16)
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12)
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16))
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()])
  // The last record ends with the delimiter 0x02 and optional zero padding.
  let end = plain.length - 1
  while (end >= 0 && plain[end] === 0) end--
  if (plain[end] !== 2) throw new Error('bad padding delimiter')
  return plain.subarray(0, end).toString('utf8')
}

/** `vapid t=<jwt>, k=<public key>`: the JWT must be signed (ES256) by k. */
function checkVapid(header: string | undefined): { valid: boolean; audience?: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '')
  if (!match) return { valid: false }
  const [h, p, s] = match[1]!.split('.')
  const raw = Buffer.from(match[2]!, 'base64url')
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
    format: 'jwk',
  })
  const valid = verify('sha256', Buffer.from(`${h}.${p}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(s!, 'base64url'))
  const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as { aud?: string }
  return { valid, audience: claims.aud }
}

export interface FakePushService {
  origin: string
  host: string
  deliveries: Delivery[]
  /** Trusts the service's certificate: pass to the app's push options. */
  agent: Agent
  /** A new device: the body a browser would POST to /api/push/subscriptions. */
  subscribe(answers?: number[]): { endpoint: string; keys: { p256dh: string; auth: string } }
  close(): Promise<void>
}

export async function startFakePushService(): Promise<FakePushService> {
  const devices = new Map<string, Device>()
  const deliveries: Delivery[] = []
  const server: Server = createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const id = (req.url ?? '').split('/').pop() ?? ''
      const device = devices.get(id)
      if (!device) return void res.writeHead(404).end()
      const status = device.answers.shift() ?? 201
      if (status === 201) {
        const vapid = checkVapid(req.headers.authorization)
        deliveries.push({
          device: id,
          payload: JSON.parse(decrypt(device, Buffer.concat(chunks))),
          headers: req.headers,
          vapidValid: vapid.valid,
          audience: vapid.audience,
        })
      }
      res.writeHead(status).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const origin = `https://127.0.0.1:${port}`
  let n = 0
  return {
    origin,
    host: `127.0.0.1:${port}`,
    deliveries,
    agent: new Agent({ ca: cert }),
    subscribe(answers = []) {
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const auth = randomBytes(16)
      const id = `device-${++n}-${randomBytes(4).toString('hex')}`
      devices.set(id, { ecdh, auth, answers: [...answers] })
      return { endpoint: `${origin}/push/${id}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
