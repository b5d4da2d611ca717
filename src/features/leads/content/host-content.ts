// The host landing page's words: steps, testimonials and the host FAQ of 8 questions.
import type { FaqItem } from '../../../components/ui/accordion'
import type { Testimonial } from '../components/testimonials'

export const HOST_STEPS = [
  { title: 'List Your Space', text: 'Describe your garage, basement, closet or shed, add a few photos and set your own price. Listing is free.' },
  { title: 'Accept Bookings', text: 'Renters near you send requests. You choose who to accept and arrange access directly — a key, a code or a smart lock.' },
  { title: 'Get Paid', text: 'Payouts go to your bank account monthly, processed on the 1st of each month.' },
] as const

export const HOST_TESTIMONIALS: readonly Testimonial[] = [
  {
    content: 'My garage sat half empty for years. Now it covers my car payment every month, and the renter is lovely.',
    name: 'Michael R.',
    location: 'Toronto, ON',
    initials: 'MR',
    image: 'linear-gradient(135deg,#0f766e,#115e59)',
  },
  {
    content: 'Listing took ten minutes. I set my own price and the payouts arrive on the 1st like clockwork.',
    name: 'Sarah L.',
    location: 'Vancouver, BC',
    initials: 'SL',
    image: 'linear-gradient(135deg,#b45309,#92400e)',
  },
  {
    content: 'We rent our basement storage room to a student each term. It is easy money for space we never used.',
    name: 'David K.',
    location: 'Calgary, AB',
    initials: 'DK',
    image: 'linear-gradient(135deg,#4338ca,#3730a3)',
  },
]

export const HOST_FAQ: readonly FaqItem[] = [
  {
    question: 'How much can I earn?',
    answer: 'Hosts earn up to $500/month; the typical range is $100-$800 depending on the size and location of your space and the price you set.',
  },
  { question: 'Does it cost anything to list?', answer: 'No. Listing is 100% free and there is no commitment.' },
  {
    question: 'How and when do I get paid?',
    answer: 'Monthly payouts go straight to your bank account, processed on the 1st of each month, through our secure payment partner.',
  },
  { question: 'Who sets the price?', answer: 'You do. Hosts set their own prices and can change them at any time for new bookings.' },
  {
    question: 'How do renters get access?',
    answer: 'You arrange access directly with the renter — a key, a door code or a smart lock, at times that suit you.',
  },
  { question: 'What can renters store?', answer: 'Everyday belongings. Our Prohibited Items Policy bans illegal, flammable, perishable and hazardous items.' },
  {
    question: 'Can I stop hosting?',
    answer: 'Yes. You can remove your listing at any time after completing active bookings and giving notice to your renters.',
  },
  { question: 'What if I need help?', answer: 'Our support team is available 24/7 by email at info@nookshare.app.' },
]
