// Real neighbourhood centres across Canadian cities, with a street and postal district in each: the demo
// listings are placed from them, and the listing editor places its pin from a typed address (place-lookup.ts).
export interface Place {
  city: string
  state: string
  hood: string
  lat: number
  lng: number
  street: string
  fsa: string
}

const p = (city: string, state: string, rows: [string, number, number, string, string][]): Place[] =>
  rows.map(([hood, lat, lng, street, fsa]) => ({ city, state, hood, lat, lng, street, fsa }))

export const PLACES: Place[] = [
  ...p('Toronto', 'ON', [
    ['Leslieville', 43.6626, -79.3326, 'Queen St E', 'M4M'],
    ['The Annex', 43.6703, -79.4072, 'Bloor St W', 'M5R'],
    ['Liberty Village', 43.6376, -79.4206, 'Liberty St', 'M6K'],
    ['The Beaches', 43.6684, -79.2964, 'Kingston Rd', 'M4E'],
    ['North York Centre', 43.7615, -79.4111, 'Yonge St', 'M2N'],
    ['Roncesvalles', 43.6484, -79.4495, 'Roncesvalles Ave', 'M6R'],
    ['Danforth', 43.6784, -79.3486, 'Danforth Ave', 'M4K'],
    ['Scarborough Village', 43.7381, -79.2146, 'Kingston Rd', 'M1J'],
    ['Etobicoke Centre', 43.6435, -79.5654, 'Burnhamthorpe Rd', 'M9C'],
  ]),
  ...p('Montréal', 'QC', [
    ['Plateau-Mont-Royal', 45.5225, -73.5786, 'Rue Saint-Denis', 'H2J'],
    ['Rosemont', 45.5434, -73.5857, 'Boulevard Rosemont', 'H1Y'],
    ['Verdun', 45.4582, -73.5697, 'Rue Wellington', 'H4G'],
    ['Villeray', 45.5447, -73.6228, 'Rue Jarry E', 'H2R'],
    ['Hochelaga', 45.5461, -73.5459, 'Rue Ontario E', 'H1W'],
    ['Notre-Dame-de-Grâce', 45.4727, -73.6142, 'Rue Sherbrooke O', 'H4A'],
  ]),
  ...p('Vancouver', 'BC', [
    ['Kitsilano', 49.2684, -123.1683, 'W 4th Ave', 'V6K'],
    ['Mount Pleasant', 49.2634, -123.1007, 'Main St', 'V5T'],
    ['Commercial Drive', 49.2737, -123.0696, 'Commercial Dr', 'V5L'],
    ['Kerrisdale', 49.2343, -123.1553, 'W 41st Ave', 'V6M'],
    ['Killarney', 49.2186, -123.0366, 'Kerr St', 'V5S'],
  ]),
  ...p('Calgary', 'AB', [
    ['Kensington', 51.0527, -114.0853, 'Kensington Rd NW', 'T2N'],
    ['Inglewood', 51.0373, -114.0207, '9 Ave SE', 'T2G'],
    ['Bridgeland', 51.0537, -114.0397, '1 Ave NE', 'T2E'],
    ['Marda Loop', 51.0196, -114.1084, '33 Ave SW', 'T2T'],
    ['Tuscany', 51.1246, -114.2362, 'Tuscany Blvd NW', 'T3L'],
  ]),
  ...p('Edmonton', 'AB', [
    ['Old Strathcona', 53.5186, -113.4977, 'Whyte Ave', 'T6E'],
    ['Oliver', 53.5406, -113.5258, 'Jasper Ave', 'T5K'],
    ['Westmount', 53.5498, -113.5434, '124 St NW', 'T5M'],
    ['Mill Woods', 53.4563, -113.4276, 'Mill Woods Rd', 'T6K'],
  ]),
  ...p('Ottawa', 'ON', [
    ['The Glebe', 45.4005, -75.6871, 'Bank St', 'K1S'],
    ['Westboro', 45.3926, -75.7532, 'Richmond Rd', 'K1Z'],
    ['Orléans', 45.4699, -75.5154, 'St Joseph Blvd', 'K1C'],
    ['Centretown', 45.4154, -75.6957, 'Elgin St', 'K2P'],
  ]),
  ...p('Winnipeg', 'MB', [
    ['Osborne Village', 49.8779, -97.1436, 'Osborne St', 'R3L'],
    ['St. Boniface', 49.8894, -97.1179, 'Provencher Blvd', 'R2H'],
    ['River Heights', 49.8639, -97.1818, 'Corydon Ave', 'R3N'],
  ]),
  ...p('Québec City', 'QC', [
    ['Saint-Roch', 46.8139, -71.2253, 'Rue Saint-Joseph E', 'G1K'],
    ['Montcalm', 46.8037, -71.2245, 'Avenue Cartier', 'G1R'],
    ['Limoilou', 46.8291, -71.2227, '3e Avenue', 'G1L'],
  ]),
  ...p('Hamilton', 'ON', [
    ['Westdale', 43.2617, -79.9054, 'King St W', 'L8S'],
    ['Locke Street', 43.2536, -79.8855, 'Locke St S', 'L8P'],
    ['Ottawa Street', 43.2401, -79.8201, 'Ottawa St N', 'L8H'],
  ]),
  ...p('Halifax', 'NS', [
    ['North End', 44.6596, -63.5963, 'Agricola St', 'B3K'],
    ['South End', 44.6361, -63.5802, 'South Park St', 'B3H'],
    ['Dartmouth', 44.6713, -63.5772, 'Portland St', 'B2Y'],
  ]),
  ...p('Victoria', 'BC', [
    ['Fernwood', 48.4329, -123.3466, 'Fernwood Rd', 'V8T'],
    ['James Bay', 48.4141, -123.3745, 'Menzies St', 'V8V'],
    ['Oak Bay', 48.4264, -123.3148, 'Oak Bay Ave', 'V8R'],
  ]),
  ...p('Saskatoon', 'SK', [
    ['Broadway', 52.1194, -106.6566, 'Broadway Ave', 'S7N'],
    ['Riversdale', 52.1247, -106.6799, '20th St W', 'S7M'],
  ]),
  ...p('Regina', 'SK', [['Cathedral', 50.4447, -104.6276, '13th Ave', 'S4T']]),
  ...p("St. John's", 'NL', [['Downtown', 47.5615, -52.7126, 'Water St', 'A1C']]),
  ...p('Kitchener', 'ON', [['Victoria Park', 43.4469, -80.4951, 'Queen St S', 'N2G']]),
  ...p('London', 'ON', [['Old East Village', 42.9897, -81.2258, 'Dundas St', 'N5W']]),
]
