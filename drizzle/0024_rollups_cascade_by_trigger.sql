-- The report rollups lose their per-row foreign keys, as `observations` did (migration 0002): checking the source
-- once per inserted row was 40 % of the time an import spends writing its rollups (200 ms of 480 for a year of
-- segment days). A deleted source's rollups now go with it through the set-based trigger that drops its
-- observations' partition; every writer of rollups upserts `daily_totals_state` in the same transaction, whose
-- foreign key still holds the source until the writer commits, so no rollup can outlive its source. No row is
-- touched: the constraints held until now, so no rollup is orphaned.

-- A deleted source's rows go with it: its partition is dropped and its rollups deleted (also for cascaded deletes
-- of a project, client or agency).
CREATE OR REPLACE FUNCTION "observations_cascade"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone record;
BEGIN
  FOR gone IN SELECT g."id" FROM "gone_data_sources" g LOOP
    EXECUTE format('DROP TABLE IF EXISTS public.%I', observations_partition_name(gone."id"));
  END LOOP;
  DELETE FROM "observation_daily_totals" t USING "gone_data_sources" g WHERE t."data_source_id" = g."id";
  DELETE FROM "observation_segment_daily" t USING "gone_data_sources" g WHERE t."data_source_id" = g."id";
  DELETE FROM "observation_segment_weekly" t USING "gone_data_sources" g WHERE t."data_source_id" = g."id";
  DELETE FROM "observation_segment_four_weekly" t USING "gone_data_sources" g WHERE t."data_source_id" = g."id";
  RETURN NULL;
END $$;--> statement-breakpoint
ALTER TABLE "observation_daily_totals" DROP CONSTRAINT "observation_daily_totals_data_source_id_data_sources_id_fk";
--> statement-breakpoint
ALTER TABLE "observation_segment_daily" DROP CONSTRAINT "observation_segment_daily_data_source_id_data_sources_id_fk";
--> statement-breakpoint
ALTER TABLE "observation_segment_four_weekly" DROP CONSTRAINT "observation_segment_four_weekly_data_source_id_data_sources_id_fk";
--> statement-breakpoint
ALTER TABLE "observation_segment_weekly" DROP CONSTRAINT "observation_segment_weekly_data_source_id_data_sources_id_fk";
