-- A report's status or progress changed: tell whoever waits for it (GET /reports/{id}?wait=...,
-- server/services/reports/report-changes.ts). In a trigger, so every path that moves a report
-- (the worker, a retry, the recovery of abandoned jobs) notifies; NOTIFY is delivered at commit.
CREATE FUNCTION "notify_report_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('funnelwise_reports', NEW.id::text);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "reports_notify_change"
  AFTER UPDATE OF "status", "progress" ON "reports"
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.progress IS DISTINCT FROM NEW.progress)
  EXECUTE FUNCTION "notify_report_change"();
