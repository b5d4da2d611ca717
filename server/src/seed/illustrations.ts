// Demo listing photos drawn in code: flat SVG illustrations of each kind of space, rendered once to
// WebP (full and thumbnail) with sharp and reused, so seeding needs no downloads and stays fast.
import sharp from 'sharp'
import { processPhoto, type ProcessedPhoto } from '../lib/photo-processing'

const W = 1200
const H = 800

type Palette = { sky: string; wall: string; accent: string; floor: string; detail: string }
const PALETTES: Palette[] = [
  { sky: '#e0f2fe', wall: '#f5f5f4', accent: '#0f766e', floor: '#d6d3d1', detail: '#78716c' },
  { sky: '#fef3c7', wall: '#fff7ed', accent: '#b45309', floor: '#e7e5e4', detail: '#57534e' },
  { sky: '#ede9fe', wall: '#faf5ff', accent: '#6d28d9', floor: '#e5e7eb', detail: '#4b5563' },
]

const boxes = (x: number, y: number, color: string) =>
  `<g fill="${color}" stroke="#57534e" stroke-width="4"><rect x="${x}" y="${y}" width="120" height="90" rx="6"/><rect x="${x + 130}" y="${y + 20}" width="100" height="70" rx="6"/><rect x="${x + 40}" y="${y - 70}" width="110" height="70" rx="6"/></g><g stroke="#a8a29e" stroke-width="4"><line x1="${x + 60}" y1="${y}" x2="${x + 60}" y2="${y + 90}"/><line x1="${x + 95}" y1="${y - 70}" x2="${x + 95}" y2="${y}"/></g>`

const scenes: Record<string, (p: Palette) => string> = {
  garage: (p) => `<rect width="${W}" height="${H}" fill="${p.sky}"/><rect y="620" width="${W}" height="180" fill="${p.floor}"/>
    <polygon points="200,330 600,120 1000,330" fill="${p.accent}"/><rect x="240" y="320" width="720" height="320" fill="${p.wall}" stroke="${p.detail}" stroke-width="6"/>
    <rect x="330" y="390" width="540" height="250" fill="#e7e5e4" stroke="${p.detail}" stroke-width="6"/>
    ${[0, 1, 2, 3, 4].map((i) => `<line x1="330" y1="${430 + i * 45}" x2="870" y2="${430 + i * 45}" stroke="#a8a29e" stroke-width="5"/>`).join('')}`,
  shed: (p) => `<rect width="${W}" height="${H}" fill="${p.sky}"/><rect y="600" width="${W}" height="200" fill="#86efac"/>
    <circle cx="940" cy="190" r="70" fill="#fde68a"/><polygon points="330,360 600,190 870,360" fill="${p.accent}"/>
    <rect x="370" y="350" width="460" height="290" fill="#d6a570" stroke="#7c4a1e" stroke-width="6"/>
    ${[0, 1, 2, 3, 4, 5].map((i) => `<line x1="${410 + i * 70}" y1="350" x2="${410 + i * 70}" y2="640" stroke="#b07d4a" stroke-width="4"/>`).join('')}
    <rect x="530" y="450" width="140" height="190" fill="#92400e"/><circle cx="650" cy="550" r="8" fill="#fde68a"/>`,
  basement: (p) => `<rect width="${W}" height="${H}" fill="${p.wall}"/><rect y="560" width="${W}" height="240" fill="${p.floor}"/>
    <rect x="80" y="90" width="260" height="110" fill="${p.sky}" stroke="${p.detail}" stroke-width="6"/>
    <rect x="760" y="180" width="340" height="380" fill="none" stroke="${p.detail}" stroke-width="8"/>
    ${[0, 1, 2].map((i) => `<line x1="760" y1="${300 + i * 120}" x2="1100" y2="${300 + i * 120}" stroke="${p.detail}" stroke-width="8"/>`).join('')}
    ${boxes(300, 470, '#d6a570')}<rect x="790" y="230" width="80" height="60" fill="${p.accent}"/><rect x="900" y="350" width="120" height="70" fill="#d6a570"/>`,
  closet: (p) => `<rect width="${W}" height="${H}" fill="${p.wall}"/><rect y="680" width="${W}" height="120" fill="${p.floor}"/>
    <rect x="300" y="80" width="600" height="600" fill="#fafaf9" stroke="${p.detail}" stroke-width="8"/>
    <line x1="320" y1="200" x2="880" y2="200" stroke="${p.detail}" stroke-width="8"/>
    ${[0, 1, 2, 3].map((i) => `<rect x="${370 + i * 120}" y="220" width="80" height="${180 + (i % 2) * 60}" rx="12" fill="${i % 2 ? p.accent : '#fbbf24'}"/>`).join('')}
    ${boxes(420, 590, '#d6a570')}`,
  attic: (
    p,
  ) => `<rect width="${W}" height="${H}" fill="${p.floor}"/><polygon points="0,800 600,60 1200,800" fill="${p.wall}" stroke="${p.detail}" stroke-width="6"/>
    <polygon points="540,200 660,200 600,130" fill="${p.sky}" stroke="${p.detail}" stroke-width="6"/><rect x="540" y="200" width="120" height="90" fill="${p.sky}" stroke="${p.detail}" stroke-width="6"/>
    ${[0, 1, 2].map((i) => `<line x1="${300 + i * 300}" y1="800" x2="600" y2="60" stroke="#d6d3d1" stroke-width="6"/>`).join('')}
    ${boxes(380, 640, '#d6a570')}<rect x="760" y="660" width="150" height="70" rx="8" fill="${p.accent}"/>`,
  spare_room: (p) => `<rect width="${W}" height="${H}" fill="${p.wall}"/><rect y="600" width="${W}" height="200" fill="#d6a570"/>
    <rect x="760" y="110" width="300" height="240" fill="${p.sky}" stroke="${p.detail}" stroke-width="8"/><line x1="910" y1="110" x2="910" y2="350" stroke="${p.detail}" stroke-width="6"/>
    ${boxes(180, 510, '#e7c9a0')}<rect x="640" y="470" width="360" height="130" rx="10" fill="${p.accent}"/><rect x="660" y="430" width="120" height="50" rx="10" fill="#f5f5f4"/>`,
  // The sign (and the shed's sun) stand left of the top-right corner, where a result card lays its heart.
  parking: (p) => `<rect width="${W}" height="${H}" fill="${p.sky}"/><rect y="420" width="${W}" height="380" fill="#a8a29e"/>
    ${[0, 1, 2, 3].map((i) => `<line x1="${150 + i * 300}" y1="460" x2="${110 + i * 300}" y2="780" stroke="#fafaf9" stroke-width="10"/>`).join('')}
    <rect x="470" y="520" width="280" height="130" rx="40" fill="${p.accent}"/><rect x="520" y="470" width="180" height="80" rx="24" fill="${p.accent}"/>
    <circle cx="530" cy="660" r="34" fill="#292524"/><circle cx="690" cy="660" r="34" fill="#292524"/>
    <rect x="640" y="150" width="120" height="120" rx="18" fill="#1d4ed8"/><text x="700" y="240" font-size="96" font-family="Arial, sans-serif" font-weight="700" fill="#fff" text-anchor="middle">P</text>`,
}

export const ILLUSTRATED_TYPES = Object.keys(scenes)

/** Renders each space type in each palette once: {garage: [photo, photo, photo], ...}. */
export async function renderIllustrations(): Promise<Record<string, ProcessedPhoto[]>> {
  const out: Record<string, ProcessedPhoto[]> = {}
  await Promise.all(
    Object.entries(scenes).map(async ([type, draw]) => {
      out[type] = await Promise.all(
        PALETTES.map(async (p) => {
          const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${draw(p)}</svg>`
          return processPhoto(await sharp(Buffer.from(svg)).png().toBuffer(), `${type}.png`)
        }),
      )
    }),
  )
  return out
}
