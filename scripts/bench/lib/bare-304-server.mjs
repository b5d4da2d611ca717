// The ceiling the polling benchmark compares the app with: a bare Node `http` server answering every
// request with the headers the app's 304 carries. Started as `node bare-304-server.mjs <port>`.
import { createServer } from 'node:http'

const port = Number(process.argv[2])
const headers = { etag: 'W/"x"', 'cache-control': 'private, no-cache', vary: 'Authorization' }
createServer((_req, res) => {
  res.writeHead(304, headers)
  res.end()
}).listen(port, '127.0.0.1')
