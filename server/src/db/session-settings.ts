// Settings every database session starts with. A lower trigram word-similarity threshold (default 0.6)
// lets location search forgive a transposed or missing letter ("Torotno" finds Toronto).
const WORD_SIMILARITY = 0.45
export const SESSION_SETTINGS = `set pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY}`
/** The same, as PostgreSQL startup options (applied by the server to every pooled connection). */
export const SESSION_OPTIONS = `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY}`
