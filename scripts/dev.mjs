// `npm run dev`: the API (restarting on change) and Vite's dev server, which proxies /api to it.
import { spawn } from 'node:child_process'

const port = process.env.PORT ?? '3000'
const procs = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/src/server.ts'], {
    stdio: 'inherit',
    env: { WEB_CONCURRENCY: '1', ...process.env, PORT: port },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env: { WEB_CONCURRENCY: '1', ...process.env, PORT: port } }),
]
const stop = () => procs.forEach((p) => p.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const p of procs) p.on('exit', () => (stop(), process.exit(0)))
