-- Observations partitioned by data source (docs/decisions/0004-observation-storage.md, "Partitions by
-- source"): an import into a source without rows writes a table without indexes, builds its primary key once
-- and attaches it, instead of maintaining the store's indexes row by row (most of an import's time).
-- Every row is carried over; the table keeps its name, columns and primary key ((project_id, date) is dropped).

-- A source's partition: its own table, named after the source.
CREATE FUNCTION "observations_partition_name"("source" uuid) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$ SELECT 'observations_' || replace("source"::text, '-', '') $$;
--> statement-breakpoint

-- Creates and attaches a source's partition when it has none (idempotent). Writers call it before their first
-- row; an import that builds the partition itself holds the same advisory lock until it commits. Created
-- apart and attached, because CREATE TABLE … PARTITION OF locks the whole store against readers, ATTACH does not.
CREATE FUNCTION "observations_partition"("source" uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  partition_name text := observations_partition_name("source");
BEGIN
  IF to_regclass(format('public.%I', partition_name)) IS NOT NULL THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(hashtext('observations-partition:' || "source"::text));
  IF to_regclass(format('public.%I', partition_name)) IS NOT NULL THEN RETURN; END IF;
  EXECUTE format('CREATE TABLE public.%I (LIKE public.observations INCLUDING DEFAULTS)', partition_name);
  EXECUTE format('ALTER TABLE public.observations ATTACH PARTITION public.%I FOR VALUES IN (%L)', partition_name, "source");
END $$;
--> statement-breakpoint

ALTER TABLE "observations" RENAME TO "observations_unpartitioned";--> statement-breakpoint
ALTER TABLE "observations_unpartitioned" RENAME CONSTRAINT "observations_data_source_id_date_dimension_set_id_pk" TO "observations_unpartitioned_pk";--> statement-breakpoint
-- The (project, date) index is not carried over: the primary key reads a project's days by naming its sources.
DROP INDEX "observations_project_date_idx";--> statement-breakpoint
CREATE TABLE "observations" (LIKE "observations_unpartitioned" INCLUDING DEFAULTS) PARTITION BY LIST ("data_source_id");--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_data_source_id_date_dimension_set_id_pk" PRIMARY KEY ("data_source_id", "date", "dimension_set_id");--> statement-breakpoint
SELECT observations_partition(s."id") FROM "data_sources" s
  WHERE EXISTS (SELECT 1 FROM "observations_unpartitioned" o WHERE o."data_source_id" = s."id");--> statement-breakpoint
-- Rows of a deleted source cannot exist (the cascade trigger removed them with it); the join only keeps the
-- copy from failing on one that a manual edit left behind.
INSERT INTO "observations" SELECT o.* FROM "observations_unpartitioned" o
  WHERE EXISTS (SELECT 1 FROM "data_sources" s WHERE s."id" = o."data_source_id");--> statement-breakpoint
DROP TABLE "observations_unpartitioned";--> statement-breakpoint

-- A deleted source's rows go with it: its partition is dropped (also for cascaded deletes of a project,
-- client or agency).
CREATE OR REPLACE FUNCTION "observations_cascade"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone record;
BEGIN
  FOR gone IN SELECT g."id" FROM "gone_data_sources" g LOOP
    EXECUTE format('DROP TABLE IF EXISTS public.%I', observations_partition_name(gone."id"));
  END LOOP;
  RETURN NULL;
END $$;
