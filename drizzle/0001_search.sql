-- Search: case- and accent-insensitive substring and fuzzy matching backed by trigram indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE (it reads a dictionary chosen by search_path), so it cannot appear in an
-- index expression. Naming the dictionary and the function's schema makes the result fixed, and
-- this wrapper may then be declared IMMUTABLE. PL/pgSQL rather than LANGUAGE sql: an IMMUTABLE SQL
-- function around a STABLE call is never inlined, and PostgreSQL's SQL-function call path then
-- costs about twice as much per row; index rechecks call it once per matching row.
CREATE OR REPLACE FUNCTION public.f_unaccent(text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ BEGIN RETURN public.unaccent('public.unaccent'::regdictionary, $1); END $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clients_name_search_idx" ON "clients" USING gin (lower(public.f_unaccent("name")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clients_website_search_idx" ON "clients" USING gin (lower(public.f_unaccent("website")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_search_idx" ON "users" USING gin (lower(public.f_unaccent("email"::text)) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_full_name_search_idx" ON "users" USING gin (lower(public.f_unaccent("first_name" || ' ' || "last_name")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "client_projects_name_search_idx" ON "client_projects" USING gin (lower(public.f_unaccent("name")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "client_projects_url_search_idx" ON "client_projects" USING gin (lower(public.f_unaccent("url")) gin_trgm_ops);
