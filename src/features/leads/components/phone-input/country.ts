// The phone input's country record (spec 3) and its default, Canada; the full list loads on demand.
export interface Country {
  name: string
  regions: readonly string[]
  iso2: string
  dialCode: string
  /** Each '.' is a digit. */
  format: string
  /** Order among countries sharing a dial code: 0 first. */
  priority: number
  areaCodes?: readonly string[]
}

export const DEFAULT_COUNTRY = 'ca'
export const PREFERRED_COUNTRIES = ['ca', 'us'] as const

export const CANADA: Country = {
  name: 'Canada',
  regions: ['america', 'north-america'],
  iso2: 'ca',
  dialCode: '1',
  format: '(...) ...-....',
  priority: 1,
  areaCodes: (
    '204 226 236 249 250 263 289 306 343 354 365 367 368 382 387 403 416 418 428 431 437 438 450 468 474 506 514 519 548 579 581 584 587 ' +
    '604 613 639 647 672 683 705 709 742 753 778 780 782 807 819 825 867 873 879 902 905'
  ).split(' '),
}
