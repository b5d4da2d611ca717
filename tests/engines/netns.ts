// Real offline for WebKitGTK and Firefox: the browser (and its driver) run in a network namespace of
// their own, joined to this machine by a veth pair (host 10.200.N.1/24, browser 10.200.N.2/24). The app
// server listens on 10.201.N.1, an address added to the host's loopback that the namespace reaches only
// through its default route (via 10.200.N.1). Inside the namespace a forwarder (ns-forward.mjs) offers the
// app as 127.0.0.1:<port> (a secure context: service workers run) and the driver on the veth address.
// Offline = the namespace's default route deleted (the app unreachable; the browser's network monitor
// sees no route); the test's link to the driver stays up. Lie-fi = the route kept (the browser believes it
// is online) while nftables inside the namespace drops the browser's packets to the app (a hang) or
// answers them with a TCP reset. Names are unique per run; teardown always runs.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'

export interface Netns {
  name: string
  /** The host's address on the veth pair; the browser side's. */
  hostIp: string
  nsIp: string
  /** The app's address (on the host's loopback, reached from the namespace by the default route). */
  appIp: string
  /** Runs a command inside the namespace (kept as a child of this process). */
  spawn(cmd: string, args: string[], env?: Record<string, string>): ChildProcess
  /** Offers the app (appIp:port on the host) as 127.0.0.1:port inside the namespace. */
  exposeApp(port: number): Promise<void>
  /** Offers a driver listening on 127.0.0.1:port inside the namespace as nsIp:port, for this process. */
  exposeDriver(port: number): Promise<void>
  setOnline(online: boolean): void
  /** Why setLink cannot work here (nft missing or refused), or undefined when it can. */
  linkFaultsUnavailable(): string | undefined
  /** The browser's link to the app: up, or (route kept) every packet to it dropped or answered by a reset. */
  setLink(state: LinkState): void
  close(): Promise<void>
}

export type LinkState = 'up' | 'hang' | 'reset'

/** The namespace's own nftables table: the rules go with the namespace. */
const LIEFI_TABLE = 'inet nookshare_liefi'
/** An nft script that replaces the table at once (declaring it first lets `delete` find one). */
function linkRules(state: LinkState, ports: number[]) {
  const lines = [`table ${LIEFI_TABLE}`, `delete table ${LIEFI_TABLE}`]
  if (state !== 'up') {
    // The browser reaches the app on 127.0.0.1:<port> (the forwarder): its packets there, leaving on lo,
    // are dropped or rejected; the driver's ports are others and stay up.
    const verdict = state === 'hang' ? 'drop' : 'reject with tcp reset'
    lines.push(
      `table ${LIEFI_TABLE} {`,
      '  chain out {',
      '    type filter hook output priority 0; policy accept;',
      `    ip daddr 127.0.0.1 tcp dport { ${ports.join(', ')} } ${verdict}`,
      '  }',
      '}',
    )
  }
  return `${lines.join('\n')}\n`
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString()

/** Why the namespace cannot be made here, or undefined when it can. */
export function netnsUnavailable(): string | undefined {
  if (process.platform !== 'linux') return 'not Linux'
  if (process.getuid?.() !== 0) return 'not root (ip netns needs it)'
  try {
    ip('netns', 'list')
  } catch (err) {
    return `ip netns failed: ${(err as Error).message.split('\n')[0]}`
  }
  return undefined
}

/**
 * A /24 octet no interface on this machine uses for 10.200.N or 10.201.N. The engine files run side by side
 * (vite.config.ts): each vitest worker draws from its own residue class, so two of one run never pick the
 * same octet between looking and taking; another run on the machine is seen by the look.
 */
function freeOctet(): number {
  const used = ip('-4', '-o', 'addr')
  const lane = Number(process.env.VITEST_POOL_ID ?? 1) % 4
  for (let tries = 0; tries < 200; tries++) {
    const n = 4 * Math.floor(Math.random() * 62) + lane + 1
    if (!used.includes(`10.200.${n}.`) && !used.includes(`10.201.${n}.`)) return n
  }
  throw new Error('no free 10.200.N.0/24')
}

export async function createNetns(): Promise<Netns> {
  const id = `${process.pid.toString(36)}${Math.random().toString(36).slice(2, 5)}`.slice(-8)
  const name = `nsb-${id}`
  const [vethHost, vethNs] = [`nbh${id}`, `nbn${id}`]
  const n = freeOctet()
  const hostIp = `10.200.${n}.1`
  const nsIp = `10.200.${n}.2`
  const appIp = `10.201.${n}.1`
  const children: ChildProcess[] = []
  const inNs = (...args: string[]) => ip('netns', 'exec', name, 'ip', ...args)
  const nft = (script: string) => execFileSync('ip', ['netns', 'exec', name, 'nft', '-f', '-'], { input: script, stdio: ['pipe', 'pipe', 'pipe'] })
  const appPorts: number[] = []
  const teardown = () => {
    for (const child of children) if (child.exitCode === null && child.pid) killTree(child.pid)
    // Anything still running in the namespace was started by this run.
    try {
      for (const pid of ip('netns', 'pids', name).split('\n').filter(Boolean)) process.kill(Number(pid), 'SIGKILL')
    } catch {
      /* gone already */
    }
    for (const args of [
      ['netns', 'del', name],
      ['link', 'del', vethHost],
      ['addr', 'del', `${appIp}/32`, 'dev', 'lo'],
    ])
      try {
        ip(...args)
      } catch {
        /* not there */
      }
  }
  try {
    ip('netns', 'add', name)
    ip('link', 'add', vethHost, 'type', 'veth', 'peer', 'name', vethNs)
    ip('link', 'set', vethNs, 'netns', name)
    ip('addr', 'add', `${hostIp}/24`, 'dev', vethHost)
    ip('link', 'set', vethHost, 'up')
    ip('addr', 'add', `${appIp}/32`, 'dev', 'lo')
    inNs('link', 'set', 'lo', 'up')
    inNs('addr', 'add', `${nsIp}/24`, 'dev', vethNs)
    inNs('link', 'set', vethNs, 'up')
    inNs('route', 'add', 'default', 'via', hostIp)
  } catch (err) {
    teardown()
    throw err
  }
  // Also when the run is stopped (Ctrl-C, a timeout's SIGTERM): the namespace and its processes go with it.
  const onSignal = (signal: NodeJS.Signals) => {
    teardown()
    process.kill(process.pid, signal)
  }
  process.once('exit', teardown)
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)

  const forward = async (spec: string) => {
    const child = netns.spawn(process.execPath, [path.join(import.meta.dirname, 'ns-forward.mjs'), spec])
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => d.toString().includes('forwarding') && resolve())
      child.once('exit', (code) => reject(new Error(`forwarder ${spec} exited (${code})`)))
    })
  }
  const netns: Netns = {
    name,
    hostIp,
    nsIp,
    appIp,
    spawn(cmd, args, env = {}) {
      const child = spawn('ip', ['netns', 'exec', name, cmd, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
      children.push(child)
      return child
    },
    exposeApp(port) {
      appPorts.push(port)
      return forward(`127.0.0.1:${port}=${appIp}:${port}`)
    },
    exposeDriver: (port) => forward(`${nsIp}:${port}=127.0.0.1:${port}`),
    setOnline(online) {
      if (online) inNs('route', 'replace', 'default', 'via', hostIp)
      else inNs('route', 'del', 'default')
    },
    linkFaultsUnavailable() {
      try {
        nft(linkRules('up', appPorts))
        return undefined
      } catch (err) {
        const e = err as Error & { code?: string; stderr?: Buffer }
        if (e.stderr?.includes('exec of "nft" failed') || e.code === 'ENOENT') return 'nft is missing (apt-get install nftables)'
        return `nft failed in the namespace: ${(e.stderr?.toString() || e.message).trim().split('\n')[0]}`
      }
    },
    setLink(state) {
      if (state !== 'up' && !appPorts.length) throw new Error('setLink: no app exposed in the namespace')
      nft(linkRules(state, appPorts))
    },
    async close() {
      process.removeListener('exit', teardown)
      process.removeListener('SIGINT', onSignal)
      process.removeListener('SIGTERM', onSignal)
      teardown()
    },
  }
  return netns
}

/** Ends a process we started and its children (it was started detached: its own process group). */
export function killTree(pid: number) {
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      /* gone */
    }
  }
}

export const which = (file: string) => (existsSync(file) ? file : undefined)
