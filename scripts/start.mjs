// `npm start`: build what is missing, then run the server (it migrates, seeds an empty database and serves).
import { spawn } from 'node:child_process'
import path from 'node:path'
import { buildIfNeeded } from './build-if-needed.mjs'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
buildIfNeeded()
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'src', 'server.ts')], { cwd: root, stdio: 'inherit' })
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)))
