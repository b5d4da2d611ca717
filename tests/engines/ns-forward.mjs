/* global process, console, setInterval */
// A TCP forwarder run inside the browser's network namespace (tests/engines/netns.ts): each argument
// "listenHost:listenPort=targetHost:targetPort". The app is reached as 127.0.0.1 inside the namespace (a
// secure context, so the service worker runs) through the namespace's default route; the test reaches
// the browser's driver through the on-link veth address. A target that cannot be reached (no route:
// "offline") closes the browser's connection at once.
import { readFileSync } from 'node:fs'
import { createConnection, createServer } from 'node:net'

/** Live pairs: when the default route goes, each is closed (a kept-alive connection would just hang). */
const live = new Set()
const online = () =>
  readFileSync('/proc/net/route', 'utf8')
    .split('\n')
    .slice(1)
    .some((line) => line.split('\t')[1] === '00000000')
setInterval(() => {
  if (!online()) for (const close of live) if (close.toApp) close()
}, 50)

for (const spec of process.argv.slice(2)) {
  const [from, to] = spec.split('=')
  const [listenHost, listenPort] = from.split(':')
  const [targetHost, targetPort] = to.split(':')
  createServer((client) => {
    if (targetHost !== '127.0.0.1' && !online()) return void client.destroy()
    const upstream = createConnection({ host: targetHost, port: Number(targetPort) })
    client.pipe(upstream).pipe(client)
    const close = () => {
      live.delete(close)
      client.destroy()
      upstream.destroy()
    }
    // Only connections to the app (over the default route) go with it; the driver's link stays.
    close.toApp = targetHost !== '127.0.0.1'
    live.add(close)
    client.on('error', close)
    upstream.on('error', close)
    client.on('close', close)
    upstream.on('close', close)
  }).listen(Number(listenPort), listenHost, () => console.log(`forwarding ${from} -> ${to}`))
}
