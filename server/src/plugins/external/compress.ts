// Answers and pages over 1 KB go out compressed as the client accepts (brotli, else gzip): a page of
// history is about a fifth of its JSON. Brotli at quality 4 costs about what gzip does; static files
// already have their .br/.gz beside them. Unchanged polls (304, no body) are never touched.
import { constants as zlib } from 'node:zlib'
import compress, { type FastifyCompressOptions } from '@fastify/compress'

export const autoConfig: FastifyCompressOptions = {
  threshold: 1024,
  encodings: ['br', 'gzip'],
  brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
}

export default compress
