-- Trigram indexes answer the member list's "contains" search (members_search_idx, next migration).
-- pg_trgm ships with PostgreSQL (contrib) and is a trusted extension; PGlite loads it from its contrib bundle.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
