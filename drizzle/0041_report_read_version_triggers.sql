-- A ready report's reads (the report, its KPIs, insights and exports) are cached by the browser under an ETag made
-- from `reports.read_version` (server/http/read-cache.ts, docs/decisions/0029-report-read-cache.md). The version rises
-- in triggers, so every path that changes what a read shows raises it, whoever writes (a route, the worker, a
-- script): the report row itself; its insights; their tags (added, removed, a tag renamed or deleted) and saves; its
-- project's settings, its client's or agency's name (the exports carry them); its sources (an import changes the
-- KPIs); the look of its project, client or agency (customizations). Only ready reports are touched by the fan-out:
-- a report that is not ready is not cached, and becoming ready raises its version.

-- Any change of the report row raises its own version (a fan-out below sets a new one itself).
CREATE FUNCTION "reports_read_version_self"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."read_version" = OLD."read_version" THEN
    NEW."read_version" := OLD."read_version" + 1;
    NEW."read_changed_at" := now();
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "reports_read_version_self" BEFORE UPDATE ON "reports"
  FOR EACH ROW EXECUTE FUNCTION "reports_read_version_self"();
--> statement-breakpoint
CREATE FUNCTION "reports_read_bump"("report_ids" uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "reports" SET "read_version" = "read_version" + 1, "read_changed_at" = now()
   WHERE "id" = ANY("report_ids") AND "status" = 'ready'
$$;
--> statement-breakpoint
CREATE FUNCTION "reports_read_bump_projects"("project_ids" uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "reports" SET "read_version" = "read_version" + 1, "read_changed_at" = now()
   WHERE "project_id" = ANY("project_ids") AND "status" = 'ready'
$$;
--> statement-breakpoint
-- Insights written, changed or deleted (statement-level: a report's generation inserts hundreds at once).
CREATE FUNCTION "reports_read_touch_insights"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "reports_read_bump"(ARRAY(SELECT DISTINCT c."report_id" FROM "changed" c));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "insights_read_insert" AFTER INSERT ON "insights"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "reports_read_touch_insights"();
--> statement-breakpoint
CREATE TRIGGER "insights_read_update" AFTER UPDATE ON "insights"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "reports_read_touch_insights"();
--> statement-breakpoint
CREATE TRIGGER "insights_read_delete" AFTER DELETE ON "insights"
  REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "reports_read_touch_insights"();
--> statement-breakpoint
-- An insight tagged or untagged, saved or unsaved: the reports of those insights.
CREATE FUNCTION "reports_read_touch_by_insight"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "reports_read_bump"(ARRAY(
    SELECT DISTINCT i."report_id" FROM "insights" i JOIN "changed" c ON c."insight_id" = i."id"));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "insight_tag_items_read_insert" AFTER INSERT ON "insight_tag_items"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "reports_read_touch_by_insight"();
--> statement-breakpoint
CREATE TRIGGER "insight_tag_items_read_delete" AFTER DELETE ON "insight_tag_items"
  REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "reports_read_touch_by_insight"();
--> statement-breakpoint
CREATE TRIGGER "saved_insights_read_insert" AFTER INSERT ON "saved_insights"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "reports_read_touch_by_insight"();
--> statement-breakpoint
CREATE TRIGGER "saved_insights_read_delete" AFTER DELETE ON "saved_insights"
  REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "reports_read_touch_by_insight"();
--> statement-breakpoint
-- A tag renamed: the insights carry its name. (A deleted tag deletes its items, which the triggers above see.)
CREATE FUNCTION "reports_read_touch_tag"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "reports_read_bump"(ARRAY(
    SELECT DISTINCT i."report_id" FROM "insight_tag_items" t JOIN "insights" i ON i."id" = t."insight_id"
     WHERE t."tag_id" = NEW."id"));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "insight_tags_read_rename" AFTER UPDATE OF "name" ON "insight_tags"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "reports_read_touch_tag"();
--> statement-breakpoint
-- A project's settings (primary KPI, currency, site type, name, address) or sources (an import replaces days).
CREATE FUNCTION "reports_read_touch_project"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'client_projects' THEN
    PERFORM "reports_read_bump_projects"(ARRAY[NEW."id"]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "reports_read_bump_projects"(ARRAY[OLD."project_id"]);
  ELSE
    PERFORM "reports_read_bump_projects"(ARRAY[NEW."project_id"]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "client_projects_read_update" AFTER UPDATE ON "client_projects"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "reports_read_touch_project"();
--> statement-breakpoint
CREATE TRIGGER "data_sources_read_change" AFTER INSERT OR UPDATE OR DELETE ON "data_sources"
  FOR EACH ROW EXECUTE FUNCTION "reports_read_touch_project"();
--> statement-breakpoint
-- The names the exports carry: the client's and the agency's.
CREATE FUNCTION "reports_read_touch_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'clients' THEN
    PERFORM "reports_read_bump_projects"(ARRAY(SELECT p."id" FROM "client_projects" p WHERE p."client_id" = NEW."id"));
  ELSE
    PERFORM "reports_read_bump_projects"(ARRAY(SELECT p."id" FROM "client_projects" p WHERE p."agency_id" = NEW."id"));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "clients_read_rename" AFTER UPDATE OF "name" ON "clients"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "reports_read_touch_owner"();
--> statement-breakpoint
CREATE TRIGGER "agencies_read_rename" AFTER UPDATE OF "name" ON "agencies"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "reports_read_touch_owner"();
--> statement-breakpoint
-- The look (logo, colours, font, title, footer) of a project, of its client, or of the agency, inherited downwards.
CREATE FUNCTION "reports_read_touch_look"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  look "customizations";
BEGIN
  IF TG_OP = 'DELETE' THEN look := OLD; ELSE look := NEW; END IF;
  PERFORM "reports_read_bump_projects"(ARRAY(
    SELECT p."id" FROM "client_projects" p
     WHERE p."agency_id" = look."agency_id"
       AND (look."level" = 'agency'
         OR (look."level" = 'client' AND p."client_id" = look."client_id")
         OR (look."level" = 'project' AND p."id" = look."project_id"))));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "customizations_read_change" AFTER INSERT OR UPDATE OR DELETE ON "customizations"
  FOR EACH ROW EXECUTE FUNCTION "reports_read_touch_look"();
