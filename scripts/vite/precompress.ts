// Vite plugin: writes .br and .gz beside each built text file so the server (@fastify/static with
// preCompressed) sends the first load compressed without compressing on every request.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

const COMPRESSIBLE = /\.(js|css|html|svg|webmanifest|json)$/

export function precompress({ minBytes = 1024 } = {}): Plugin {
  let outDir = 'dist'
  return {
    name: 'nookshare-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue
        compressFile(path.join(outDir, fileName), minBytes)
      }
    },
  }
}

/** Writes file.br and file.gz beside a built file (also used for files written outside the bundle). */
export function compressFile(file: string, minBytes = 1024) {
  const source = readFileSync(file)
  if (source.length < minBytes) return
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
  )
  writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }))
}
