// A tiny SMTP server for tests: accepts every message and keeps its envelope and raw data.
import { createServer, type Server } from 'node:net'

export interface ReceivedMail {
  from: string
  to: string[]
  data: string
}

export async function startFakeSmtp(): Promise<{ url: string; mails: ReceivedMail[]; close(): Promise<void> }> {
  const mails: ReceivedMail[] = []
  const server: Server = createServer((socket) => {
    let buffer = ''
    let inData = false
    let current: ReceivedMail = { from: '', to: [], data: '' }
    const reply = (line: string) => socket.write(`${line}\r\n`)
    reply('220 fake-smtp ready')
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8')
      let index: number
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index)
        buffer = buffer.slice(index + 2)
        if (inData) {
          if (line === '.') {
            inData = false
            mails.push(current)
            current = { from: '', to: [], data: '' }
            reply('250 OK: queued')
          } else current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`
          continue
        }
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO' || verb === 'HELO') reply('250 fake-smtp')
        else if (verb === 'MAIL') {
          current.from = /<(.*)>/.exec(line)?.[1] ?? ''
          reply('250 OK')
        } else if (verb === 'RCPT') {
          current.to.push(/<(.*)>/.exec(line)?.[1] ?? '')
          reply('250 OK')
        } else if (verb === 'DATA') {
          inData = true
          reply('354 End data with <CR><LF>.<CR><LF>')
        } else if (verb === 'QUIT') {
          reply('221 Bye')
          socket.end()
        } else reply('250 OK')
      }
    })
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise((resolve) => server.close(() => resolve())) }
}
