-- The reports alert checks saved before reports had a kind (drizzle/0042_alerts.sql) are the alerts' runs, not
-- ordinary reports: every report an alert points to becomes an alert check, so no list shows it any longer.
UPDATE "reports" SET "kind" = 'alert_check'
WHERE "id" IN (SELECT "report_id" FROM "project_alerts" WHERE "report_id" IS NOT NULL);
