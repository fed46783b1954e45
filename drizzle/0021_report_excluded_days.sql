-- The days a report's engine read as unknown (tracking gaps, a partial last day) and estimated in its period totals,
-- kept so the report's headline figures estimate the same days. Reports generated before stay null: nothing estimated.
ALTER TABLE "reports" ADD COLUMN "excluded_days" date[];