// Settings every database session starts with. Search corrects a misspelt word to the nearest search
// term whose trigram similarity is at least this ("torotno" is 0.33 from "toronto"); pg_trgm's default,
// set here so the rule is written down and the same on both databases.
const SIMILARITY = 0.3
export const SESSION_SETTINGS = `set pg_trgm.similarity_threshold = ${SIMILARITY}`
/** The same, as PostgreSQL startup options (applied by the server to every pooled connection). */
export const SESSION_OPTIONS = `-c pg_trgm.similarity_threshold=${SIMILARITY}`
