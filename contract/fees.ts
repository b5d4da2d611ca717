// The renter's service fee, on top of the rent: the server's default (PLATFORM_FEE_PERCENT) and what
// the lead pages quote, so the two never say different things. Without zod: the lead pages load it first.
export const SERVICE_FEE_PERCENT = 10
