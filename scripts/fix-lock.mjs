// Run after any `npm install` that changes package-lock.json. This machine's registry mirror serves
// only the platform builds it can install here, so npm leaves the other platforms' optional packages
// (rollup, tailwind oxide…) out of the lock — and `npm ci` then refuses the lock as out of sync. This
// adds them back as optional, platform-tagged entries that npm ci skips on a non-matching machine.
import { readFileSync, writeFileSync } from 'node:fs'

const file = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(readFileSync(file, 'utf8'))
const OS = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'win32', 'openharmony', 'sunos', 'aix', 'netbsd']
const CPU = {
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  arm: 'arm',
  gnueabihf: 'arm',
  musleabihf: 'arm',
  eabi: 'arm',
  loong64: 'loong64',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
  wasm32: 'wasm32',
}

let added = 0
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${key ? key + '/' : ''}node_modules/${dep}`
    if (lock.packages[nested] || lock.packages[`node_modules/${dep}`]) continue
    const tokens = dep.split('/').pop().split('-')
    const os = tokens.find((t) => OS.includes(t))
    const cpu = tokens.map((t) => CPU[t]).find(Boolean)
    if (!os && !cpu) continue // not a platform build: leave it to npm
    const stub = { version: String(version).replace(/^[\^~]/, ''), optional: true }
    if (entry.dev) stub.dev = true
    if (os) stub.os = [os]
    if (cpu) stub.cpu = [cpu]
    if (tokens.includes('musl')) stub.libc = ['musl']
    if (tokens.includes('gnu')) stub.libc = ['glibc']
    lock.packages[`node_modules/${dep}`] = stub
    added++
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))))
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n')
console.log(`fix-lock: added ${added} platform entries`)
