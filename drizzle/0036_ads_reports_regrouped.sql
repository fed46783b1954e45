-- Google Ads sources saved with an AdWords report type that is no longer offered (ADR 0026) name
-- the report that imports what they imported: the same view and breakdown, so their stored days
-- and the next sync's agree. Types that imported campaign by day read Campaigns.
UPDATE "data_sources"
SET "additional" = jsonb_set("additional", '{adsReport}', to_jsonb(
  CASE "additional"->>'adsReport'
    WHEN 'DISPLAY_KEYWORD_PERFORMANCE_REPORT' THEN 'KEYWORDS_PERFORMANCE_REPORT'
    WHEN 'PAID_ORGANIC_QUERY_REPORT' THEN 'SEARCH_QUERY_PERFORMANCE_REPORT'
    WHEN 'KEYWORDLESS_QUERY_REPORT' THEN 'SEARCH_QUERY_PERFORMANCE_REPORT'
    WHEN 'FINAL_URL_REPORT' THEN 'LANDING_PAGE_REPORT'
    WHEN 'URL_PERFORMANCE_REPORT' THEN 'LANDING_PAGE_REPORT'
    WHEN 'CAMPAIGN_LOCATION_TARGET_REPORT' THEN 'GEO_PERFORMANCE_REPORT'
    ELSE 'CAMPAIGN_PERFORMANCE_REPORT'
  END))
WHERE "sub_type" = 'ads'
  AND "additional" ? 'adsReport'
  AND "additional"->>'adsReport' NOT IN (
    'ALL_DATA', 'CAMPAIGN_PERFORMANCE_REPORT', 'KEYWORDS_PERFORMANCE_REPORT', 'SEARCH_QUERY_PERFORMANCE_REPORT',
    'LANDING_PAGE_REPORT', 'GEO_PERFORMANCE_REPORT'
  );
