// The SVG sources of the install artwork (maskable icons, shortcut icons, install-sheet screenshots),
// drawn from the logo in public/icon.svg; pwa-assets.ts renders them to PNG at build time.
const BRAND = '#0f766e'
const BRAND_DARK = '#115e59'
const ACCENT = '#f59e0b'
const STONE = '#fafaf9'
const FONT = `font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"`

/** The house glyph of the logo, in the logo's 512×512 box. */
const HOUSE = `<path d="M256 104 96 224v184h120V312h80v96h120V224z" fill="#fff"/><rect x="216" y="312" width="80" height="96" fill="${ACCENT}"/>`

/** Full-bleed square with the glyph inside the maskable safe zone (a circle of 80% of the size). */
export const maskableSvg = () =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" fill="${BRAND}"/><g transform="translate(256 266) scale(0.62) translate(-256 -256)">${HOUSE}</g></svg>`

const GLYPHS = {
  messages: `<path d="M22 26h52a8 8 0 0 1 8 8v30a8 8 0 0 1-8 8H44l-16 12V72h-6a8 8 0 0 1-8-8V34a8 8 0 0 1 8-8z" fill="#fff"/>`,
  search: `<circle cx="42" cy="42" r="18" fill="none" stroke="#fff" stroke-width="9"/><path d="M56 56l20 20" stroke="#fff" stroke-width="10" stroke-linecap="round"/>`,
  /** A key: "Your space", the door card of a confirmed booking. */
  space: `<circle cx="34" cy="48" r="15" fill="none" stroke="#fff" stroke-width="9"/><path d="M49 48h31M70 48v13M80 48v10" stroke="#fff" stroke-width="9" stroke-linecap="round"/>`,
  host: `<path d="M48 18 16 42v36h64V42z" fill="#fff"/><path d="M48 48v22M37 59h22" stroke="${BRAND}" stroke-width="7" stroke-linecap="round"/>`,
} as const
export type ShortcutGlyph = keyof typeof GLYPHS

export const shortcutSvg = (glyph: ShortcutGlyph) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="22" fill="${BRAND}"/>${GLYPHS[glyph]}</svg>`

function card(x: number, y: number, w: number, title: string, price: string, scale: number) {
  const h = 150 * scale
  return `<g transform="translate(${x} ${y})">
    <rect width="${w}" height="${h}" rx="${16 * scale}" fill="#fff" stroke="#e7e5e4"/>
    <rect x="${12 * scale}" y="${12 * scale}" width="${110 * scale}" height="${h - 24 * scale}" rx="${10 * scale}" fill="#ccfbf1"/>
    <path transform="translate(${32 * scale} ${34 * scale}) scale(${0.14 * scale}) translate(-96 -104)" d="M256 104 96 224v184h120V312h80v96h120V224z" fill="${BRAND}"/>
    <text x="${140 * scale}" y="${50 * scale}" ${FONT} font-size="${22 * scale}" font-weight="700" fill="#1c1917">${title}</text>
    <text x="${140 * scale}" y="${84 * scale}" ${FONT} font-size="${18 * scale}" fill="#57534e">${scale > 1.5 ? 'Verified host' : 'Verified host · 24/7 support'}</text>
    <text x="${140 * scale}" y="${122 * scale}" ${FONT} font-size="${22 * scale}" font-weight="700" fill="${BRAND}">${price}</text>
  </g>`
}

const LISTINGS: Array<[string, string]> = [
  ['Dry garage bay', '$65 / month'],
  ['Basement corner', '$40 / month'],
  ['Garden shed', '$30 / month'],
  ['Spare-room closet', '$25 / month'],
]

/** A picture of the app for the richer install sheet: 'narrow' for phones, 'wide' for desktops. */
export function screenshotSvg(form: 'narrow' | 'wide', width: number, height: number) {
  const s = form === 'narrow' ? width / 390 : width / 1280
  const header = `<rect width="${width}" height="${64 * s}" fill="#fff"/><rect y="${64 * s}" width="${width}" height="1" fill="#e7e5e4"/>
    <g transform="translate(${16 * s} ${14 * s}) scale(${(36 * s) / 512})"><rect width="512" height="512" rx="112" fill="${BRAND}"/>${HOUSE}</g>
    <text x="${62 * s}" y="${41 * s}" ${FONT} font-size="${22 * s}" font-weight="700" fill="#1c1917">Nookshare</text>`
  const heroH = (form === 'narrow' ? 250 : 260) * s
  const hero = `<rect y="${65 * s}" width="${width}" height="${heroH}" fill="${BRAND}"/>
    <text x="${24 * s}" y="${130 * s}" ${FONT} font-size="${(form === 'narrow' ? 28 : 44) * s}" font-weight="700" fill="#fff">Storage space from</text>
    <text x="${24 * s}" y="${(form === 'narrow' ? 166 : 184) * s}" ${FONT} font-size="${(form === 'narrow' ? 28 : 44) * s}" font-weight="700" fill="#fff">your neighbours</text>
    <text x="${24 * s}" y="${(form === 'narrow' ? 206 : 232) * s}" ${FONT} font-size="${(form === 'narrow' ? 17 : 22) * s}" fill="#ccfbf1">Up to 50% cheaper than self-storage</text>
    <rect x="${24 * s}" y="${(form === 'narrow' ? 234 : 262) * s}" width="${(form === 'narrow' ? 342 : 420) * s}" height="${48 * s}" rx="${12 * s}" fill="#fff"/>
    <text x="${44 * s}" y="${(form === 'narrow' ? 265 : 293) * s}" ${FONT} font-size="${18 * s}" fill="#78716c">Search your neighbourhood</text>
    <rect x="${(form === 'narrow' ? 300 : 330) * s}" y="${(form === 'narrow' ? 240 : 268) * s}" width="${(form === 'narrow' ? 60 : 108) * s}" height="${36 * s}" rx="${9 * s}" fill="${ACCENT}"/>`
  const top = 65 * s + heroH + 24 * s
  const cards =
    form === 'narrow'
      ? LISTINGS.map(([t, p], i) => card(16 * s, top + i * 166 * s, width - 32 * s, t, p, s)).join('')
      : LISTINGS.map(([t, p], i) => card((24 + (i % 2) * 620) * s, top + Math.floor(i / 2) * 170 * s, 600 * s, t, p, s)).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    <rect width="${width}" height="${height}" fill="${STONE}"/>${header}${hero}${cards}
    <rect y="${height - 6 * s}" width="${width}" height="${6 * s}" fill="${BRAND_DARK}"/></svg>`
}
