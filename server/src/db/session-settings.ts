// Settings every database session starts with. A lower trigram word-similarity threshold (default 0.6)
// lets location search forgive a transposed or missing letter ("Torotno" finds Toronto).
export const SESSION_SETTINGS = 'set pg_trgm.word_similarity_threshold = 0.45'
