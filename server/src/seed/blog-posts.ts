// Demo blog posts that help hosts and renters, by the demo admin, with covers drawn in code (no downloads).
import sharp from 'sharp'
import type { Db } from '../db/client'
import { insertBlogImage, insertPost } from '../modules/blog/queries'
import type { UserRow } from '../db/schema/users'

const COVER_W = 1200
const COVER_H = 630

function coverSvg(bg: string, accent: string, shape: 'boxes' | 'tag' | 'shield' | 'house') {
  const art = {
    boxes: `<g stroke="#57534e" stroke-width="6" fill="${accent}"><rect x="420" y="300" width="200" height="150" rx="10"/><rect x="640" y="330" width="160" height="120" rx="10"/><rect x="500" y="170" width="180" height="130" rx="10"/></g>`,
    tag: `<g transform="rotate(-20 600 315)"><rect x="430" y="220" width="340" height="190" rx="30" fill="${accent}" stroke="#57534e" stroke-width="6"/><circle cx="490" cy="315" r="22" fill="${bg}" stroke="#57534e" stroke-width="6"/><rect x="550" y="290" width="170" height="18" rx="9" fill="#fff"/><rect x="550" y="330" width="120" height="18" rx="9" fill="#fff"/></g>`,
    shield: `<path d="M600 140 L790 210 C790 360 720 460 600 510 C480 460 410 360 410 210 Z" fill="${accent}" stroke="#57534e" stroke-width="6"/><path d="M520 320 L580 380 L690 260" fill="none" stroke="#fff" stroke-width="26" stroke-linecap="round" stroke-linejoin="round"/>`,
    house: `<polygon points="380,320 600,150 820,320" fill="${accent}" stroke="#57534e" stroke-width="6"/><rect x="430" y="310" width="340" height="200" fill="#fff" stroke="#57534e" stroke-width="6"/><rect x="540" y="380" width="120" height="130" fill="${accent}"/>`,
  }[shape]
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_W}" height="${COVER_H}"><rect width="100%" height="100%" fill="${bg}"/><circle cx="160" cy="120" r="90" fill="#ffffff" opacity="0.45"/><circle cx="1080" cy="540" r="140" fill="#ffffff" opacity="0.35"/>${art}</svg>`
}

const POSTS = [
  {
    slug: 'what-to-store-and-what-not-to',
    title: 'What to store in a neighbour’s garage (and what to keep out)',
    excerpt:
      'Seasonal gear, furniture between moves, boxes of memories: what works well in shared storage, and the items our Prohibited Items Policy rules out.',
    cover: coverSvg('#ccfbf1', '#fcd34d', 'boxes'),
    body: `Shared storage works best for things you need **now and then**, not every day.

## Great fits
- Seasonal gear: tires, bikes, skis, patio furniture, holiday decorations
- Furniture between moves or during a renovation
- Boxes of books, papers and keepsakes (use sealed plastic bins in basements)
- Tools and hobby equipment you use a few times a year

## Keep these out
Our **Prohibited Items Policy** bans anything illegal, flammable, perishable or hazardous. That means no gasoline or propane, no paint thinner, no food, no plants and no animals.

> Not sure about something? Ask your host in the chat before you book — they know their space best.

## Packing tips
1. Label every box on two sides.
2. Put heavy things in small boxes.
3. Leave a walkway so you can reach the back.`,
  },
  {
    slug: 'how-to-price-your-storage-space',
    title: 'How to price your storage space',
    excerpt: 'A simple way to set a fair monthly price: size, access, security and what self-storage charges near you.',
    cover: coverSvg('#fef3c7', '#0f766e', 'tag'),
    body: `Hosts set their own prices. Here is a quick way to land on a number renters will say yes to.

## Start from size
Measure width × length in feet. Many hosts start around **$1 per square foot per month** for indoor space, less for a shed or a driveway spot.

| Space | Typical size | Typical monthly price |
| --- | --- | --- |
| Closet | 4 × 6 ft | $30–$50 |
| Single garage bay | 10 × 20 ft | $120–$200 |
| Basement room | 12 × 12 ft | $100–$160 |

## Then adjust
- **Access**: 24/7 access with a code is worth more than weekday evenings.
- **Security**: a locked, indoor, dry space earns a premium.
- **Local self-storage**: Nookshare renters expect to pay about half.

You can change your price any time from your listing page.`,
  },
  {
    slug: 'keeping-stored-things-safe',
    title: 'Five ways to keep stored things safe and dry',
    excerpt: 'Bins, pallets, a photo inventory and a clear agreement: small habits that prevent most storage headaches.',
    cover: coverSvg('#e0f2fe', '#0f766e', 'shield'),
    body: `Most storage problems are damp, dust and misunderstandings. All three are easy to prevent.

1. **Lift things off the floor** with pallets or shelving — basements and garages can be cool and damp.
2. **Use plastic bins** instead of cardboard for anything you would hate to lose.
3. **Take photos** of what you store, and keep the list in your chat with the host.
4. **Agree on access** up front: key, code or smart lock, and which hours.
5. **Consider the protection plan** for valuable items.

Questions? Our [FAQ](/faq) covers bookings, payments and cancellations.`,
  },
  {
    slug: 'first-week-as-a-host',
    title: 'Your first week as a host: a checklist',
    excerpt: 'From clearing the space to your first conversation with a renter — what successful new hosts do in their first week.',
    cover: coverSvg('#ede9fe', '#f59e0b', 'house'),
    body: `Listing is free, and most hosts are ready in an afternoon.

## Before you publish
- Clear and sweep the space; photos of an empty, bright space get the most messages.
- Take **three or more photos** in daylight, from the doorway and from inside.
- Write down access hours and house rules (for example: *no flammable items*).

## When renters write
Answer within a day. Ask what they plan to store and for how long, and agree on how they will get in.

## Getting paid
Set up payouts on the [payments page](/stripe-info). Payouts arrive monthly, on the 1st, in your bank account.`,
  },
]

export async function seedBlogPosts(db: Db, author: UserRow) {
  const day = 24 * 60 * 60 * 1000
  for (const [i, post] of POSTS.entries()) {
    const webp = await sharp(Buffer.from(post.cover)).webp({ quality: 80 }).toBuffer()
    const coverImageId = await insertBlogImage(db, { contentType: 'image/webp', width: COVER_W, height: COVER_H, bytes: webp, uploadedBy: author.id })
    const publishedAt = new Date(Date.now() - (i + 1) * 9 * day)
    await insertPost(db, {
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      bodyMarkdown: post.body,
      coverImageId,
      status: 'published',
      authorId: author.id,
      publishedAt,
      createdAt: publishedAt,
      updatedAt: publishedAt,
    })
  }
}
