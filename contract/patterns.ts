// Patterns shared by the zod schemas and by code that must not load zod (the lead pages' forms).
/** A loose email shape: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
