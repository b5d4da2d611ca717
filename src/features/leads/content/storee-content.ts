// The renter lead page's words: stats, steps, testimonials and the renter FAQ of 8 questions.
import type { FaqItem } from '../../../components/ui/accordion'
import type { Testimonial } from '../components/testimonials'

export const STOREE_STATS = [
  { value: '50%', label: 'Lower Cost' },
  { value: '100%', label: 'Verified' },
  { value: '24/7', label: 'Support' },
] as const

export const STOREE_STEPS = [
  { title: 'Find Storage', text: 'Search by location for garages, basements, closets and sheds near you, with prices set by local hosts.' },
  { title: 'Book Securely', text: 'Pay safely by card — all major credit cards accepted — with no minimum period and flexible cancellation.' },
  { title: 'Move In', text: 'Arrange access with your host — a key, a code or a smart lock — and move your things in.' },
] as const

export const STOREE_TESTIMONIALS: readonly Testimonial[] = [
  {
    content: 'I paid half of what the storage facility quoted, and the space is a five-minute walk from my apartment.',
    name: 'Emily T.',
    location: 'Montréal, QC',
    initials: 'ET',
    image: 'linear-gradient(135deg,#be123c,#9f1239)',
  },
  {
    content: 'Between leases I needed a month of storage. No minimum period, no hassle — exactly what I needed.',
    name: 'James W.',
    location: 'Ottawa, ON',
    initials: 'JW',
    image: 'linear-gradient(135deg,#0f766e,#115e59)',
  },
  {
    content: 'My host was verified and super friendly. Keeping our bikes in her garage over winter was simple.',
    name: 'Aisha M.',
    location: 'Toronto, ON',
    initials: 'AM',
    image: 'linear-gradient(135deg,#6d28d9,#5b21b6)',
  },
]

export const STOREE_FAQ: readonly FaqItem[] = [
  {
    question: 'How much can I save?',
    answer:
      'Up to 50% compared with self-storage. A 10×10 ft unit that costs about $200 a month at a facility is often around $100 a month on Nookshare, or $110 with the 10% service fee; hosts set their own prices.',
  },
  {
    question: 'Is there a minimum rental period?',
    answer:
      'No minimum period — book for one day or longer. Most spaces have no minimum stay; a host who asks for one says so on the listing and its search card, and the “No minimum stay” filter shows only the others.',
  },
  { question: 'Can I cancel my booking?', answer: 'Most bookings can be cancelled up to 24 hours before the start for a full refund.' },
  { question: 'How do I pay?', answer: 'All major credit cards are accepted, and payments are processed securely.' },
  { question: 'Are hosts verified?', answer: 'Yes. Hosts are verified before they can receive payouts.' },
  { question: 'Is my stuff insured?', answer: 'You can add optional insurance through our protection plan when you book.' },
  { question: 'What can’t I store?', answer: 'Our Prohibited Items Policy bans illegal, flammable, perishable and hazardous items.' },
  { question: 'How do I access my things?', answer: 'You arrange access directly with your host — usually a key, a code or a smart lock.' },
]
