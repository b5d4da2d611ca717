// The days a host blocked on their listing's calendar (read with the stays holding its space by
// modules/bookings/service/availability.ts, the one rule on taking it).
export { blocksOf, deleteBlock, insertBlock } from '../queries/storage-availability'
