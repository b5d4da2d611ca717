// Country records for the phone input (spec 3): name, regions, iso2, dial code, number format mask
// (each '.' is a digit), priority among countries sharing a dial code (0 first), optional area codes.
export interface Country {
  name: string
  regions: readonly string[]
  iso2: string
  dialCode: string
  format: string
  priority: number
  areaCodes?: readonly string[]
}

type Row = [name: string, regions: string, iso2: string, dialCode: string, format: string, priority?: number, areaCodes?: string]

const CA_AREA_CODES =
  '204 226 236 249 250 263 289 306 343 354 365 367 368 382 387 403 416 418 428 431 437 438 450 468 474 506 514 519 548 579 581 584 587 604 613 639 647 672 683 705 709 742 753 778 780 782 807 819 825 867 873 879 902 905'

const ROWS: Row[] = [
  ['Canada', 'america north-america', 'ca', '1', '(...) ...-....', 1, CA_AREA_CODES],
  ['United States', 'america north-america', 'us', '1', '(...) ...-....', 0],
  ['Argentina', 'america south-america', 'ar', '54', '(..) ........'],
  ['Australia', 'oceania', 'au', '61', '(..) .... ....'],
  ['Austria', 'europe eu-union', 'at', '43', '... .......'],
  ['Bahamas', 'america carribean', 'bs', '1', '(...) ...-....', 2, '242'],
  ['Bangladesh', 'asia', 'bd', '880', '....-......'],
  ['Belgium', 'europe eu-union', 'be', '32', '... .. .. ..'],
  ['Brazil', 'america south-america', 'br', '55', '(..) .........'],
  ['Chile', 'america south-america', 'cl', '56', '. .... ....'],
  ['China', 'asia', 'cn', '86', '..-.........'],
  ['Colombia', 'america south-america', 'co', '57', '... ... ....'],
  ['Czech Republic', 'europe eu-union', 'cz', '420', '... ... ...'],
  ['Denmark', 'europe eu-union', 'dk', '45', '.. .. .. ..'],
  ['Dominican Republic', 'america carribean', 'do', '1', '(...) ...-....', 2, '809 829 849'],
  ['Egypt', 'africa north-africa', 'eg', '20', '... ... ....'],
  ['Finland', 'europe eu-union', 'fi', '358', '.. ... .. ..'],
  ['France', 'europe eu-union', 'fr', '33', '. .. .. .. ..'],
  ['Germany', 'europe eu-union', 'de', '49', '.... ........'],
  ['Ghana', 'africa', 'gh', '233', '... ......'],
  ['Greece', 'europe eu-union', 'gr', '30', '... .......'],
  ['Hong Kong', 'asia', 'hk', '852', '.... ....'],
  ['Hungary', 'europe eu-union', 'hu', '36', '.. ... ....'],
  ['India', 'asia', 'in', '91', '.....-.....'],
  ['Indonesia', 'asia', 'id', '62', '..-...-....'],
  ['Ireland', 'europe eu-union', 'ie', '353', '.. .......'],
  ['Israel', 'middle-east asia', 'il', '972', '... ... ....'],
  ['Italy', 'europe eu-union', 'it', '39', '... .......'],
  ['Jamaica', 'america carribean', 'jm', '1', '(...) ...-....', 2, '876 658'],
  ['Japan', 'asia', 'jp', '81', '.. .... ....'],
  ['Kenya', 'africa', 'ke', '254', '... ......'],
  ['Malaysia', 'asia', 'my', '60', '..-....-....'],
  ['Mexico', 'america central-america', 'mx', '52', '... ... ....'],
  ['Morocco', 'africa north-africa', 'ma', '212', '..-....-...'],
  ['Netherlands', 'europe eu-union', 'nl', '31', '.. ........'],
  ['New Zealand', 'oceania', 'nz', '64', '...-...-....'],
  ['Nigeria', 'africa', 'ng', '234', '... ... ....'],
  ['Norway', 'europe', 'no', '47', '... .. ...'],
  ['Pakistan', 'asia', 'pk', '92', '...-.......'],
  ['Peru', 'america south-america', 'pe', '51', '... ... ...'],
  ['Philippines', 'asia', 'ph', '63', '.... .......'],
  ['Poland', 'europe eu-union', 'pl', '48', '...-...-...'],
  ['Portugal', 'europe eu-union', 'pt', '351', '... ... ...'],
  ['Puerto Rico', 'america carribean', 'pr', '1', '(...) ...-....', 3, '787 939'],
  ['Romania', 'europe eu-union', 'ro', '40', '... ... ...'],
  ['Saudi Arabia', 'middle-east asia', 'sa', '966', '.. ... ....'],
  ['Singapore', 'asia', 'sg', '65', '....-....'],
  ['South Africa', 'africa', 'za', '27', '.. ... ....'],
  ['South Korea', 'asia', 'kr', '82', '... .... ....'],
  ['Spain', 'europe eu-union', 'es', '34', '... ... ...'],
  ['Sweden', 'europe eu-union', 'se', '46', '(...) ...-...'],
  ['Switzerland', 'europe', 'ch', '41', '.. ... .. ..'],
  ['Taiwan', 'asia', 'tw', '886', '.........'],
  ['Thailand', 'asia', 'th', '66', '.. ... ....'],
  ['Trinidad and Tobago', 'america carribean', 'tt', '1', '(...) ...-....', 2, '868'],
  ['Turkey', 'europe asia', 'tr', '90', '... ... .. ..'],
  ['Ukraine', 'europe ex-ussr', 'ua', '380', '(..) ... .. ..'],
  ['United Arab Emirates', 'middle-east asia', 'ae', '971', '.. ... ....'],
  ['United Kingdom', 'europe eu-union', 'gb', '44', '.... ......'],
  ['Vietnam', 'asia', 'vn', '84', '.. .... ....'],
]

export const COUNTRIES: readonly Country[] = ROWS.map(([name, regions, iso2, dialCode, format, priority = 0, areaCodes]) => ({
  name,
  regions: regions.split(' '),
  iso2,
  dialCode,
  format,
  priority,
  ...(areaCodes ? { areaCodes: areaCodes.split(' ') } : {}),
}))

export const DEFAULT_COUNTRY = 'ca'
export const PREFERRED_COUNTRIES = ['ca', 'us'] as const

export const findCountry = (iso2: string): Country => COUNTRIES.find((c) => c.iso2 === iso2) ?? COUNTRIES[0]!

/** The flag emoji for an iso2 code (regional indicator letters; no images to download). */
export const flagEmoji = (iso2: string) => String.fromCodePoint(...[...iso2.toUpperCase()].map((ch) => 0x1f1e6 + ch.charCodeAt(0) - 65))
