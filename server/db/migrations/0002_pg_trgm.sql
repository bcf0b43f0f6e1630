-- Trigram indexes serve the partial customer search (email, phone, name).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
