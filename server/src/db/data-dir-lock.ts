// PGlite has one owner per DATA_DIR and nothing locks it: a pid file does, and a stale one is taken over.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import path from 'node:path'

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export class DataDirInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(`DATA_DIR ${dir} is in use by process ${pid}. Stop it, or set DATA_DIR to another folder.`)
  }
}

const heldHere = new Set<string>()

export function acquireDataDirLock(dir: string): () => Promise<void> {
  const file = path.join(dir, 'nookshare.lock')
  if (heldHere.has(file)) throw new DataDirInUseError(dir, process.pid)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      heldHere.add(file)
      let released = false
      return async () => {
        if (released) return
        released = true
        heldHere.delete(file)
        try {
          unlinkSync(file)
        } catch {
          /* already gone */
        }
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const pid = Number(readFileSync(file, 'utf8').trim())
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) throw new DataDirInUseError(dir, pid)
      unlinkSync(file) // stale: its owner is gone
    }
  }
  throw new Error(`Could not lock DATA_DIR ${dir}`)
}
