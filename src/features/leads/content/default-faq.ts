// The general FAQ block's 7 default questions (spec 9), title and subtitle.
import type { FaqItem } from '../../../components/ui/accordion'

export const DEFAULT_FAQ_TITLE = 'Frequently Asked Questions'
export const DEFAULT_FAQ_SUBTITLE = 'Everything you need to know about storing and hosting with Nookshare.'

export const DEFAULT_FAQ: readonly FaqItem[] = [
  {
    question: 'What is Nookshare?',
    answer:
      'Nookshare is a marketplace where neighbours rent out spare space — garages, basements, closets, attics, sheds and spare rooms — to people who need storage, usually for up to 50% less than a self-storage facility.',
  },
  {
    question: 'Is it free to list my space?',
    answer: 'Yes. Listing is 100% free and there is no commitment. You set your own price and decide who you rent to.',
  },
  {
    question: 'How do payments work?',
    answer:
      'Renters pay by card through our payment partner; all major credit cards are accepted. Hosts receive monthly payouts to their bank account, processed on the 1st of each month.',
  },
  {
    question: 'Is there a minimum rental period?',
    answer:
      'No. Storage can be booked for one day or longer, and most bookings can be cancelled up to 24 hours before they start for a full refund. Most spaces have no minimum stay; a listing that asks for one says so.',
  },
  {
    question: 'Are my belongings protected?',
    answer: 'Hosts are verified, and renters can add optional insurance through our protection plan when they book.',
  },
  { question: 'What can’t be stored?', answer: 'Our Prohibited Items Policy bans illegal, flammable, perishable and hazardous items.' },
  { question: 'How do I get help?', answer: 'Our support team is available 24/7. Email info@nookshare.app or message us from your account.' },
]
