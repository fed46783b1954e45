-- Insights stored before their outcome was kept as data: read it from what they held. A "Skipped: …" summary is an
-- intention that could not run (its reason, and what it needs when it says "needs …"); findings are findings; the rest
-- was checked and found nothing notable (the column's default).
UPDATE "insights" SET "outcome" = jsonb_build_object(
  'status', 'not_run',
  'reason', btrim(substring("summary" from 9)),
  'need', nullif(regexp_replace(substring("summary" from '\mneeds? (.*)$'), '\.$', ''), '')
)
WHERE "summary" LIKE 'Skipped:%';
--> statement-breakpoint
UPDATE "insights" SET "outcome" = '{"status":"findings"}'::jsonb
WHERE "summary" NOT LIKE 'Skipped:%' AND jsonb_array_length("findings") > 0;
