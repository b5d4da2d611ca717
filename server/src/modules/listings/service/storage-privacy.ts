// What a listing shows those who may not see its exact street and coordinates: the city, the postal
// district and a location rounded to roughly 500 m. Who may see the exact ones is the contact rule's to
// say (contact-access.ts: maySeeExactAddress).

/** About 500 m of latitude. */
export const APPROX_STEP_DEG = 0.0045

/** Snaps a point to a ~500 m grid; longitude steps widen with latitude so cells stay roughly square. */
export function approximateLocation(lat: number, lng: number): { lat: number; lng: number } {
  const aLat = Math.round(lat / APPROX_STEP_DEG) * APPROX_STEP_DEG
  const lngStep = APPROX_STEP_DEG / Math.max(0.1, Math.cos((aLat * Math.PI) / 180))
  const aLng = Math.round(lng / lngStep) * lngStep
  return { lat: Number(aLat.toFixed(5)), lng: Number(aLng.toFixed(5)) }
}

/** The public postal district: the first three characters of a Canadian postal code (FSA). */
export const postalDistrict = (postalCode: string) => postalCode.replace(/\s+/g, '').slice(0, 3).toUpperCase()
