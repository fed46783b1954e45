-- Uploads of Universal Analytics' (and GA4's) exports made before ADR 0034 hold no `generation` in their summary
-- (`data_sources.additional.upload`), so they were not stitched to the project's GA4 source until uploaded again, and
-- their channels were stored as UA named them ("(Other)", "Social", "Other Advertising"). Their remembered column
-- mapping (`csv_mapping`, every column of the file by its header) tells whose export each was, as the reader tells a
-- new upload's (lib/csv-import/guidance.ts `detectTool`, from the headers: the `#` titles are not stored); a UA
-- upload's channels are then moved onto GA4's names as a new upload's are (lib/catalogue/analytics-generations.ts
-- `ga4ChannelOfUa`, with GA4's default channel group rules of lib/catalogue/default-channel-group.ts for "Social" and
-- "(Other)" rows that have a source and medium). The functions below are those files' rules as of this migration,
-- kept in pg_temp and dropped at its end. A row is re-pointed to its combination under GA4's name; a row whose day
-- already holds that combination (two UA names of one GA4 channel) keeps its own, so no value is summed away or lost.
-- The sources whose rows moved get a new version (`updated_at`): their rollups are rebuilt before the next read.
CREATE FUNCTION pg_temp.fw_squash(header text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT regexp_replace(lower(regexp_replace(btrim(header), '\s*\([A-Z]{3}\)\s*$', '')), '[^a-z0-9]', '', 'g')
$$;
--> statement-breakpoint
-- The generation whose export a remembered mapping is ('ua', 'ga4'), or null: detectTool's order of tools.
CREATE FUNCTION pg_temp.fw_generation(mapping jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  WITH h AS (
    SELECT array_agg(pg_temp.fw_squash(c->>'header')) AS names
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(mapping->'columns') = 'array' THEN mapping->'columns' END) c
  )
  SELECT CASE
    WHEN names && ARRAY['dealstage', 'dealname'] AND names && ARRAY['closedate', 'createdate'] THEN NULL
    WHEN names && ARRAY['reportingstarts', 'amountspent', 'adsetname', 'linkclicks', 'iniciodelinforme',
                        'berichtsbeginn'] THEN NULL
    WHEN names && ARRAY['impr', 'campaignstatus', 'interactions', 'costconv', 'convvalue', 'searchimprshare',
                        'avgcpc'] THEN NULL
    WHEN names && ARRAY['dayindex', 'weekindex', 'monthindex', 'newsessions', 'avgsessionduration',
                        'pagessession'] THEN 'ua'
    WHEN names && ARRAY['onlinestorevisitors', 'totalsales', 'netsales', 'grosssales',
                        'sessionswithcartadditions'] THEN NULL
    WHEN names && ARRAY['topqueries', 'toppages'] OR (names && ARRAY['ctr'] AND names && ARRAY['position']) THEN NULL
    WHEN names && ARRAY['nthday', 'nthweek', 'nthmonth', 'keyevents', 'engagedsessions',
                        'sessionprimarychannelgroupdefaultchannelgroup', 'sessiondefaultchannelgroup',
                        'engagementrate'] THEN 'ga4'
  END FROM h
$$;
--> statement-breakpoint
-- default-channel-group.ts `siteName`: "m.facebook.com" → "facebook", "lnkd.in" → "lnkd".
CREATE FUNCTION pg_temp.fw_site_name(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  WITH h AS (SELECT split_part(regexp_replace(lower(btrim(source)), '^https?://', ''), '/', 1) AS host)
  SELECT coalesce(
    (SELECT l FROM unnest(string_to_array(host, '.')) WITH ORDINALITY AS t(l, n)
     WHERE l NOT IN ('www', 'm', 'l', 'lm', 'mobile', 'web', 'com', 'co') ORDER BY n LIMIT 1),
    host) FROM h
$$;
--> statement-breakpoint
-- default-channel-group.ts `defaultChannelGroup`: GA4's default channel group of a source and medium.
CREATE FUNCTION pg_temp.fw_default_channel_group(source text, medium text, campaign text) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  s text := lower(btrim(source));
  m text := lower(btrim(medium));
  c text := lower(coalesce(campaign, ''));
  site text := pg_temp.fw_site_name(source);
  paid boolean;
  shopping boolean;
  search_site boolean := site IN ('google', 'bing', 'yahoo', 'baidu', 'duckduckgo', 'yandex', 'ecosia', 'naver', 'ask',
                                  'aol', 'startpage', 'qwant', 'seznam', 'msn', 'search');
  social_site boolean := site IN ('facebook', 'fb', 'instagram', 'ig', 'linkedin', 'lnkd', 'twitter', 'x', 't',
                                  'pinterest', 'reddit', 'tiktok', 'snapchat', 'threads', 'tumblr', 'quora', 'vk',
                                  'whatsapp', 'messenger', 'meta');
  video_site boolean := site IN ('youtube', 'vimeo', 'twitch', 'dailymotion', 'wistia');
BEGIN
  IF s = '(direct)' AND m IN ('(none)', '(not set)', '') THEN RETURN 'Direct'; END IF;
  IF strpos(c, 'cross-network') > 0 THEN RETURN 'Cross-network'; END IF;
  paid := m ~ '^(.*cp.*|ppc|retargeting|paid.*)$';
  shopping := site IN ('shopping', 'shopify', 'amazon', 'ebay', 'etsy', 'walmart', 'idealo', 'pricerunner')
              OR c ~ '(^|[^a-df-z])shop|shopping';
  IF paid AND shopping THEN RETURN 'Paid Shopping'; END IF;
  IF paid AND search_site THEN RETURN 'Paid Search'; END IF;
  IF (paid AND social_site) OR m IN ('paid_social', 'paidsocial') THEN RETURN 'Paid Social'; END IF;
  IF paid AND video_site THEN RETURN 'Paid Video'; END IF;
  IF m IN ('display', 'banner', 'expandable', 'interstitial', 'cpm') THEN RETURN 'Display'; END IF;
  IF paid THEN RETURN 'Paid Other'; END IF;
  IF shopping THEN RETURN 'Organic Shopping'; END IF;
  IF social_site OR m IN ('social', 'social-network', 'social-media', 'sm', 'social network', 'social media') THEN
    RETURN 'Organic Social';
  END IF;
  IF video_site OR strpos(m, 'video') > 0 THEN RETURN 'Organic Video'; END IF;
  IF search_site OR m = 'organic' THEN RETURN 'Organic Search'; END IF;
  IF m IN ('referral', 'app', 'link') THEN RETURN 'Referral'; END IF;
  IF s ~ '^(email|e-mail|e_mail|e mail)$' OR m ~ '^(email|e-mail|e_mail|e mail)$' THEN RETURN 'Email'; END IF;
  IF m = 'affiliate' THEN RETURN 'Affiliates'; END IF;
  IF m = 'audio' THEN RETURN 'Audio'; END IF;
  IF s = 'sms' OR m = 'sms' THEN RETURN 'SMS'; END IF;
  IF right(m, 4) = 'push' OR strpos(m, 'mobile') > 0 OR strpos(m, 'notification') > 0 THEN
    RETURN 'Mobile Push Notifications';
  END IF;
  RETURN 'Unassigned';
END $$;
--> statement-breakpoint
-- analytics-generations.ts `ga4ChannelOfUa`: a UA row's channel as GA4 names it.
CREATE FUNCTION pg_temp.fw_ga4_channel_of_ua(channel text, source text, medium text, campaign text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  WITH k AS (SELECT lower(btrim(channel)) AS key),
  mapped AS (
    SELECT key, CASE key
      WHEN '(other)' THEN 'Unassigned'
      WHEN 'social' THEN 'Organic Social'
      WHEN 'other advertising' THEN 'Paid Other'
      WHEN 'direct' THEN 'Direct'
      WHEN 'organic search' THEN 'Organic Search'
      WHEN 'paid search' THEN 'Paid Search'
      WHEN 'display' THEN 'Display'
      WHEN 'referral' THEN 'Referral'
      WHEN 'email' THEN 'Email'
      WHEN 'affiliates' THEN 'Affiliates'
      ELSE channel END AS name
    FROM k
  )
  SELECT CASE
    WHEN source IS NULL OR medium IS NULL OR source = '(not set)' THEN name
    WHEN key = 'social' THEN
      CASE WHEN pg_temp.fw_default_channel_group(source, medium, campaign) = 'Paid Social' THEN 'Paid Social'
           ELSE name END
    WHEN key = '(other)' THEN pg_temp.fw_default_channel_group(source, medium, campaign)
    ELSE name
  END FROM mapped
$$;
--> statement-breakpoint
-- csv-layout.ts `dimensionKey(dimensionIdentity(…))`: the md5 of the values in the catalogue's order, each followed
-- by \x01, an absent one as \x00\x01 (as bytes: text cannot hold \x00).
CREATE FUNCTION pg_temp.fw_dimension_key(VARIADIC v text[]) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT md5(string_agg(coalesce(convert_to(x, 'UTF8') || '\x01'::bytea, '\x0001'::bytea), ''::bytea ORDER BY n))
  FROM unnest(v) WITH ORDINALITY AS t(x, n)
$$;
--> statement-breakpoint
CREATE TEMP TABLE fw_carried AS
SELECT s."id", s."project_id", g.generation,
       g.generation = 'ua' AND EXISTS (
         SELECT 1 FROM jsonb_array_elements(s."csv_mapping"->'columns') c WHERE c->>'target' = 'dimension:channel'
       ) AS ua_channels
FROM "data_sources" s CROSS JOIN LATERAL (SELECT pg_temp.fw_generation(s."csv_mapping") AS generation) g
WHERE s."kind" = 'own' AND jsonb_typeof(s."additional"->'upload') = 'object'
  AND NOT (s."additional"->'upload' ? 'generation') AND g.generation IS NOT NULL;
--> statement-breakpoint
-- Each UA upload's combinations whose channel GA4 names otherwise, with the combination of that name.
CREATE TEMP TABLE fw_renamed AS
SELECT DISTINCT o."data_source_id" AS source_id, d."id" AS old_id, d."project_id",
       pg_temp.fw_ga4_channel_of_ua(d."channel", d."source", d."medium", d."campaign") AS channel,
       d."source", d."medium", d."campaign", d."device", d."country", d."landing_page", d."page", d."query", d."keyword"
FROM "observations" o JOIN "dimension_sets" d ON d."id" = o."dimension_set_id"
WHERE o."data_source_id" IN (SELECT "id" FROM fw_carried WHERE ua_channels) AND d."channel" IS NOT NULL;
--> statement-breakpoint
DELETE FROM fw_renamed r USING "dimension_sets" d WHERE d."id" = r.old_id AND d."channel" = r.channel;
--> statement-breakpoint
ALTER TABLE fw_renamed ADD COLUMN "key" text, ADD COLUMN new_id bigint;
--> statement-breakpoint
UPDATE fw_renamed SET "key" = pg_temp.fw_dimension_key(channel, "source", "medium", "campaign", "device", "country",
  "landing_page", "page", "query", "keyword");
--> statement-breakpoint
INSERT INTO "dimension_sets" ("project_id", "key", "channel", "source", "medium", "campaign", "device", "country",
  "landing_page", "page", "query", "keyword")
SELECT DISTINCT ON ("project_id", "key") "project_id", "key", channel, "source", "medium", "campaign", "device",
  "country", "landing_page", "page", "query", "keyword"
FROM fw_renamed
ON CONFLICT ("project_id", "key") DO NOTHING;
--> statement-breakpoint
UPDATE fw_renamed r SET new_id = d."id" FROM "dimension_sets" d WHERE d."project_id" = r."project_id" AND d."key" = r."key";
--> statement-breakpoint
-- Of the rows of one day that land on one combination, the first moves; one whose day has it already stays.
UPDATE "observations" o SET "dimension_set_id" = r.new_id
FROM fw_renamed r
WHERE o."data_source_id" = r.source_id AND o."dimension_set_id" = r.old_id
  AND NOT EXISTS (
    SELECT 1 FROM "observations" x
    WHERE x."data_source_id" = o."data_source_id" AND x."date" = o."date" AND x."dimension_set_id" = r.new_id)
  AND r.old_id = (
    SELECT min(r2.old_id) FROM fw_renamed r2 JOIN "observations" y
      ON y."data_source_id" = r2.source_id AND y."dimension_set_id" = r2.old_id AND y."date" = o."date"
    WHERE r2.source_id = r.source_id AND r2.new_id = r.new_id);
--> statement-breakpoint
UPDATE "data_sources" s
SET "additional" = jsonb_set(s."additional", '{upload}', (s."additional"->'upload')
      || jsonb_build_object('generation', c.generation)
      || CASE WHEN c.ua_channels THEN jsonb_build_object('notes', coalesce(
           CASE WHEN jsonb_typeof(s."additional"->'upload'->'notes') = 'array' THEN s."additional"->'upload'->'notes' END,
           '[]'::jsonb) || to_jsonb(
           'Universal Analytics'' channels are named as Google Analytics 4 names them ((Other) as Unassigned, Social as '
           || 'Organic Social, Other Advertising as Paid Other), so they continue as the same channels in a project''s '
           || 'Google Analytics 4 data.'::text)) ELSE '{}'::jsonb END),
    "updated_at" = CASE WHEN EXISTS (SELECT 1 FROM fw_renamed r WHERE r.source_id = s."id") THEN now()
                        ELSE s."updated_at" END
FROM fw_carried c WHERE c."id" = s."id";
--> statement-breakpoint
DROP TABLE fw_renamed;
--> statement-breakpoint
DROP TABLE fw_carried;
--> statement-breakpoint
DROP FUNCTION pg_temp.fw_ga4_channel_of_ua(text, text, text, text);
--> statement-breakpoint
DROP FUNCTION pg_temp.fw_default_channel_group(text, text, text);
--> statement-breakpoint
DROP FUNCTION pg_temp.fw_site_name(text);
--> statement-breakpoint
DROP FUNCTION pg_temp.fw_generation(jsonb);
--> statement-breakpoint
DROP FUNCTION pg_temp.fw_squash(text);
--> statement-breakpoint
DROP FUNCTION pg_temp.fw_dimension_key(text[]);
