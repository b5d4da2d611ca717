// Questions people ask before renting or listing space, grouped for the /faq page.
import type { FaqItem } from '../../components/ui/accordion'

export const FAQ_SECTIONS: { title: string; items: FaqItem[] }[] = [
  {
    title: 'Renting storage',
    items: [
      {
        question: 'How much cheaper is Nookshare than self-storage?',
        answer:
          'Hosts set their own prices, and most spaces cost up to 50% less than a similar unit at a self-storage facility. A 10×10 ft space that costs about $200 a month at a facility is often around $100 a month on Nookshare.',
      },
      {
        question: 'Is there a minimum rental period?',
        answer: 'No. You can book for as little as one day or stay for months. Each listing shows the host’s minimum period, and most have none.',
      },
      {
        question: 'How do I get into the space?',
        answer:
          'You and the host arrange access directly — usually a key, a door code or a smart lock. The listing says how access works and during which hours.',
      },
      {
        question: 'Can I cancel?',
        answer: 'Most bookings can be cancelled up to 24 hours before they start for a full refund. The booking page shows the exact policy before you pay.',
      },
      {
        question: 'What can’t I store?',
        answer:
          'Our Prohibited Items Policy bans anything illegal, flammable, perishable or hazardous — for example fuel, propane, paint thinner, fireworks, food, plants, animals and weapons.',
      },
    ],
  },
  {
    title: 'Hosting',
    items: [
      {
        question: 'How much can I earn?',
        answer: 'Typical hosts earn $100 to $800 a month depending on the size and location of their space; many earn around $500. Listing is free.',
      },
      {
        question: 'When do I get paid?',
        answer: 'Payouts go to your bank account monthly, processed on the 1st of each month, through our payment partner Stripe.',
      },
      {
        question: 'Can I stop hosting?',
        answer: 'Yes. You can pause a listing at any time, and remove it once its active bookings are complete and you have given your renters notice.',
      },
      {
        question: 'Who can see my address?',
        answer: 'Only you and renters with a confirmed booking see your street address. Everyone else sees your city and an approximate area.',
      },
    ],
  },
  {
    title: 'Payments and safety',
    items: [
      {
        question: 'How do I pay?',
        answer: 'All major credit cards are accepted, and payments are processed securely by Stripe. Nookshare never stores your full card number.',
      },
      {
        question: 'Are my things insured?',
        answer:
          'You can add optional insurance through our protection plan when you book. Your home or tenant insurance may also cover items in storage — check your policy.',
      },
      {
        question: 'Are hosts verified?',
        answer:
          'Hosts verify their identity and bank details with Stripe before they can receive payouts, and every conversation stays on Nookshare so there is a record.',
      },
      { question: 'How do I reach support?', answer: 'Support is available 24/7. Message us from your account or email info@nookshare.app.' },
    ],
  },
]
