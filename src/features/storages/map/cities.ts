// Canadian city centres and provinces, to jump the location picker's map before placing the pin.
export const CITIES: { name: string; province: string; lat: number; lng: number }[] = [
  { name: 'Toronto', province: 'ON', lat: 43.6532, lng: -79.3832 },
  { name: 'Montréal', province: 'QC', lat: 45.5019, lng: -73.5674 },
  { name: 'Vancouver', province: 'BC', lat: 49.2827, lng: -123.1207 },
  { name: 'Calgary', province: 'AB', lat: 51.0447, lng: -114.0719 },
  { name: 'Edmonton', province: 'AB', lat: 53.5461, lng: -113.4938 },
  { name: 'Ottawa', province: 'ON', lat: 45.4215, lng: -75.6972 },
  { name: 'Winnipeg', province: 'MB', lat: 49.8951, lng: -97.1384 },
  { name: 'Québec City', province: 'QC', lat: 46.8139, lng: -71.208 },
  { name: 'Hamilton', province: 'ON', lat: 43.2557, lng: -79.8711 },
  { name: 'Halifax', province: 'NS', lat: 44.6488, lng: -63.5752 },
  { name: 'Victoria', province: 'BC', lat: 48.4284, lng: -123.3656 },
  { name: 'Saskatoon', province: 'SK', lat: 52.1332, lng: -106.67 },
  { name: 'Regina', province: 'SK', lat: 50.4452, lng: -104.6189 },
  { name: "St. John's", province: 'NL', lat: 47.5615, lng: -52.7126 },
  { name: 'Kitchener', province: 'ON', lat: 43.4516, lng: -80.4925 },
  { name: 'London', province: 'ON', lat: 42.9849, lng: -81.2453 },
]

export const PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const

export const findCity = (name: string) => {
  const key = name
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
  return CITIES.find(
    (c) =>
      c.name
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '') === key,
  )
}
