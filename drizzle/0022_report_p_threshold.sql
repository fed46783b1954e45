-- The report-wide significance bar (Benjamini-Hochberg's largest kept p-value, 0 when none), kept so the report's
-- headline figures are judged against it as its insights are. Reports generated before stay null: 95 % each.
ALTER TABLE "reports" ADD COLUMN "p_threshold" double precision;
