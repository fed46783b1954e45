-- Until now a sync replaced its days without marking its source changed (`data_sources.updated_at`, the version the
-- report rollups are built from), so a synced source's rollups could miss every day synced after they were built.
-- Derived data: they are rebuilt on the source's next report or refresh (later syncs keep them current).
DELETE FROM "daily_totals_state" WHERE "data_source_id" IN (SELECT "data_source_id" FROM "data_source_sync_states");
