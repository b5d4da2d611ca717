// Vite plugin: renders the PNG icons and install screenshots the manifest names from SVG with sharp at
// build time and emits them into the build (nothing downloaded, nothing committed). The dev server
// renders the same files on request.
import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import type { Plugin } from 'vite'
import { maskableSvg, screenshotSvg, shortcutSvg } from './pwa-art'

export interface PwaAsset {
  fileName: string
  render: () => Promise<Buffer>
}

const png = (svg: string | Buffer, width: number, height = width) =>
  sharp(Buffer.isBuffer(svg) ? svg : Buffer.from(svg), { density: 300 })
    .resize(width, height, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png({ compressionLevel: 9, palette: width <= 512 })
    .toBuffer()

/** Every generated file, named as manifest.webmanifest and index.html reference it. */
export function pwaAssetList(logoSvgPath = 'public/icon.svg'): PwaAsset[] {
  const logo = () => readFileSync(logoSvgPath)
  return [
    ...[192, 512].map((size) => ({ fileName: `icons/icon-${size}.png`, render: () => png(logo(), size) })),
    ...[192, 512].map((size) => ({ fileName: `icons/maskable-${size}.png`, render: () => png(maskableSvg(), size) })),
    { fileName: 'icons/apple-touch-icon.png', render: () => png(maskableSvg(), 180) },
    { fileName: 'icons/favicon-48.png', render: () => png(logo(), 48) },
    ...(['messages', 'space', 'search', 'host'] as const).map((g) => ({ fileName: `icons/shortcut-${g}.png`, render: () => png(shortcutSvg(g), 96) })),
    { fileName: 'screenshots/phone-home.png', render: () => png(screenshotSvg('narrow', 780, 1688), 780, 1688) },
    { fileName: 'screenshots/desktop-home.png', render: () => png(screenshotSvg('wide', 1280, 800), 1280, 800) },
  ]
}

export function pwaAssets(): Plugin {
  const assets = pwaAssetList()
  return {
    name: 'nookshare-pwa-assets',
    async generateBundle() {
      const rendered = await Promise.all(assets.map(async (a) => ({ fileName: a.fileName, source: await a.render() })))
      for (const r of rendered) this.emitFile({ type: 'asset', fileName: r.fileName, source: r.source })
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const asset = assets.find((a) => req.url?.split('?')[0] === `/${a.fileName}`)
        if (!asset) return next()
        asset.render().then(
          (buf) => {
            res.setHeader('content-type', 'image/png')
            res.end(buf)
          },
          (err: unknown) => next(err),
        )
      })
    },
  }
}
