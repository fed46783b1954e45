import { DIMENSIONS } from "../catalogue/dimensions";
import { STORED_METRICS } from "../catalogue/metrics";
import type { ColumnTarget } from "./column-targets";
import { LANGUAGE_NAMES, LANGUAGE_WORDS, LOCALIZED_COLUMNS, SCRIPTS, type Language } from "./localized-columns";

// Column names of the exports agencies download, as the tools write them, and what each is
// imported as. Earlier rows win when two columns of one file claim the same target (Meta's "Day"
// over "Reporting starts", Shopify's "Total sales" over "Net sales"). A `metric:` target that is
// derived (CTR, CPC...) is proposed as "ignore": the catalogue computes it from its inputs.
//
// GA4: Reports > Share > Download file > CSV (English UI). Search Console: Performance > Export
// (Dates.csv, Queries.csv, Pages.csv...). Google Ads: Reports or a table's Download > CSV.
// Shopify: Analytics > Reports > Export. Meta: Ads Manager > Reports > Export table data.

interface KnownColumn {
  names: string[];
  target: ColumnTarget | `metric:${string}`;
  /** Which tools write these names (shown nowhere; for whoever extends the table). */
  from: string;
}

export const KNOWN_COLUMNS: readonly KnownColumn[] = [
  // Dates (how each reads is told by lib/csv-import/date-column.ts; these names only make them recognised)
  {
    names: ["Date", "Day", "Day Index", "Fecha", "Datum", "Data", "Jour", "Giorno", "Dato", "Päivämäärä", "Tarih"],
    target: "date",
    from: "GA4, UA, Search Console, Google Ads, Shopify, Meta",
  },
  {
    names: [
      "Week",
      "Week Index",
      "Month",
      "Month Index",
      "Nth day",
      "Nth week",
      "Nth month",
      "Date + hour (YYYYMMDDHH)",
    ],
    target: "date",
    from: "GA4, UA, Google Ads, Shopify",
  },
  { names: ["ISO week of the year", "ISO week of ISO year", "Year week", "Year month"], target: "date", from: "GA4" },
  {
    names: ["Reporting starts", "Inicio del informe", "Début des rapports", "Berichtsbeginn"],
    target: "date",
    from: "Meta",
  },
  // Dimensions
  {
    names: [
      "Session primary channel group (Default Channel Group)",
      "Session default channel group",
      "Default channel group",
      "Primary channel group (Default Channel Group)",
      "First user primary channel group (Default Channel Group)",
      "First user default channel group",
      "Default Channel Grouping",
      "Channel Grouping",
      "Channel",
      "Channel group",
      "Canal",
    ],
    target: "dimension:channel",
    from: "GA4, UA",
  },
  {
    names: [
      "Session source",
      "First user source",
      "Referrer source",
      "referrer_source",
      "Source",
      "utm_campaign_source",
      "Quelle",
      "Fuente",
    ],
    target: "dimension:source",
    from: "GA4, UA, Shopify",
  },
  {
    names: ["Session medium", "First user medium", "Medium", "utm_campaign_medium", "Medio"],
    target: "dimension:medium",
    from: "GA4, UA, Shopify",
  },
  {
    names: ["Session source / medium", "First user source / medium", "Source / Medium", "Source / medium"],
    target: "dimension:sourceMedium",
    from: "GA4, Universal Analytics",
  },
  {
    names: [
      "Session campaign",
      "Campaign",
      "Campaign name",
      "First user campaign",
      "Session Google Ads campaign",
      "UTM campaign name",
      "utm_campaign_name",
      "Nombre de la campaña",
      "Nom de la campagne",
      "Kampagnenname",
      "Nome da campanha",
      "Campaña",
      "Kampagne",
    ],
    target: "dimension:campaign",
    from: "GA4, UA, Google Ads, Meta, Shopify",
  },
  {
    names: [
      "Device category",
      "Device",
      "Session device type",
      "Device type",
      "device_type",
      "ua_form_factor",
      "Impression device",
      "Device platform",
      "Dispositivo",
      "Gerät",
      "Appareil",
    ],
    target: "dimension:device",
    from: "GA4, UA, Search Console, Google Ads, Shopify, Meta",
  },
  {
    names: [
      "Country",
      "Session country",
      "Country/Territory",
      "Country/Territory (User location)",
      "location_country",
      "Billing country",
      "País",
      "Pays",
      "Land",
    ],
    target: "dimension:country",
    from: "GA4, UA, Search Console, Google Ads, Shopify, Meta",
  },
  {
    names: ["Landing page", "Landing page + query string", "Landing page path", "landing_page_path", "Landing Page"],
    target: "dimension:landingPage",
    from: "GA4, UA, Shopify, Google Ads",
  },
  {
    names: [
      "Page path and screen class",
      "Page path + query string and screen class",
      "Page path",
      "Page path + query string",
      "Top pages",
      "Page",
      "Pages",
      "Página",
      "Seite",
    ],
    target: "dimension:page",
    from: "GA4, UA, Search Console",
  },
  {
    names: ["Top queries", "Query", "Queries", "Search term", "Search query", "Consultas principales", "Suchanfragen"],
    target: "dimension:query",
    from: "Search Console, Google Ads",
  },
  { names: ["Keyword", "Search keyword", "Palabra clave"], target: "dimension:keyword", from: "Google Ads, UA" },
  // Stored metrics
  {
    names: ["Sessions", "Total sessions", "total_sessions", "Sesiones", "Sitzungen", "Sessões", "Sessioni"],
    target: "metric:sessions",
    from: "GA4, UA, Shopify",
  },
  {
    names: [
      "Total users",
      "Active users",
      "Users",
      "Online store visitors",
      "Visitors",
      "Total visitors",
      "total_visitors",
      "online_store_visitors",
      "Unique visits",
      "Unique visitors",
      "Usuarios",
      "Nutzer",
      "Utilisateurs",
      "Usuários",
      "Utenti",
    ],
    target: "metric:users",
    from: "GA4, UA, Shopify",
  },
  { names: ["New users", "New Users", "Nuevos usuarios", "Neue Nutzer"], target: "metric:newUsers", from: "GA4, UA" },
  { names: ["Engaged sessions"], target: "metric:engagedSessions", from: "GA4" },
  {
    names: ["Views", "Screen page views", "Pageviews", "Page views", "Page.Loads", "Page loads", "Vistas", "Aufrufe"],
    target: "metric:pageviews",
    from: "GA4, UA, web analytics tools",
  },
  {
    names: ["Key events", "Conversions", "Goal Completions", "Conv.", "Conversiones", "Conversions (all)"],
    target: "metric:conversions",
    from: "GA4, UA, Google Ads",
  },
  { names: ["Leads", "Clientes potenciales", "Leads (Formular)"], target: "metric:leads", from: "Meta" },
  {
    names: ["Transactions", "Ecommerce purchases", "Purchases", "Orders", "Total orders", "Compras", "Käufe", "Achats"],
    target: "metric:transactions",
    from: "GA4, UA, Meta, Shopify",
  },
  {
    names: [
      "Total revenue",
      "Purchase revenue",
      "Revenue",
      "Total sales",
      "total_sales",
      "Conv. value",
      "Conversion value",
      "Purchases conversion value",
      "Net sales",
      "Gross sales",
      "Ingresos",
      "Umsatz",
    ],
    target: "metric:revenue",
    from: "GA4, UA, Shopify, Google Ads, Meta",
  },
  {
    names: [
      "Impressions",
      "Impr.",
      "Impresiones",
      "Impressionen",
      "Impressões",
      "Impressioni",
      "Vertoningen",
      "Wyświetlenia",
      "Visningar",
      "Visninger",
      "Gösterimler",
    ],
    target: "metric:impressions",
    from: "Search Console, Google Ads, Meta",
  },
  {
    names: [
      "Clicks",
      "Link clicks",
      "Clicks (all)",
      "Clics",
      "Klicks",
      "Cliques",
      "Clic",
      "Clics en el enlace",
      "Link-Klicks",
      "Klikken",
      "Kliknięcia",
      "Klick",
      "Klik",
      "Tıklamalar",
    ],
    target: "metric:clicks",
    from: "Search Console, Google Ads, Meta",
  },
  {
    names: [
      "Cost",
      "Amount spent",
      "Spend",
      "Ads cost",
      "Importe gastado",
      "Ausgegebener Betrag",
      "Montant dépensé",
      "Valor usado",
      "Costo",
      "Kosten",
      "Coût",
    ],
    target: "metric:cost",
    from: "Google Ads, Meta, GA4",
  },
  {
    names: [
      "Position",
      "Average position",
      "Avg. position",
      "Posición",
      "Posición media",
      "Durchschnittliche Position",
      "Posição",
      "Posizione",
      "Positie",
      "Pozycja",
      "Placering",
    ],
    target: "metric:position",
    from: "Search Console",
  },
  // CRM deals and store orders, when a file holds them by day
  { names: ["Deals created", "New deals"], target: "metric:dealsCreated", from: "HubSpot reports" },
  { names: ["Deals won", "Closed won deals"], target: "metric:dealsWon", from: "HubSpot reports" },
  { names: ["Won deal value", "Closed won amount"], target: "metric:wonValue", from: "HubSpot reports" },
  // Derived metrics: recognised so the preview can say why they are not imported.
  {
    names: ["CTR", "CTR (link click-through rate)", "CTR (all)", "Interaction rate", "Viewable CTR"],
    target: "metric:ctr",
    from: "Search Console, Google Ads, Meta",
  },
  {
    names: ["Avg. CPC", "CPC (cost per link click)", "CPC (all)", "Ads cost per click", "CPC"],
    target: "metric:cpc",
    from: "Google Ads, Meta, GA4",
  },
  { names: ["Cost / conv.", "Cost per conversion", "Cost / all conv."], target: "metric:cpa", from: "Google Ads, GA4" },
  { names: ["Cost per lead", "CPL"], target: "metric:cpl", from: "Google Ads, Meta" },
  {
    names: ["Conv. value / cost", "Purchase ROAS (return on ad spend)", "ROAS", "Return on ad spend"],
    target: "metric:roas",
    from: "Google Ads, Meta, GA4",
  },
  { names: ["Engagement rate"], target: "metric:engagementRate", from: "GA4" },
  {
    names: [
      "Session key event rate",
      "Session conversion rate",
      "Goal Conversion Rate",
      "Conversion rate",
      "Conv. rate",
    ],
    target: "metric:conversionRate",
    from: "GA4, UA, Shopify, Google Ads",
  },
  {
    names: ["Average purchase revenue", "Average order value", "average_order_value"],
    target: "metric:averageOrderValue",
    from: "GA4, Shopify",
  },
  {
    names: ["Views per session", "Pages / Session", "Pages/Session"],
    target: "metric:pagesPerSession",
    from: "GA4, UA",
  },
  { names: ["Ecommerce Conversion Rate"], target: "metric:ecommerceConversionRate", from: "UA" },
  // Columns of these exports that reports do not use: recognised, so a file with them imports as it comes.
  {
    names: [
      "Average engagement time per session",
      "Average engagement time",
      "Average session duration",
      "User engagement",
      "Events per session",
      "Event count",
      "Event value",
      "Bounce rate",
      "Bounce Rate",
      "Views per active user",
      "Views per user",
      "Event count per active user",
      "Event count per user",
      "Active users per session",
      "Sessions per active user",
      "Sessions per user",
      "Engaged sessions per user",
      "Session source platform",
      "ARPU",
      "ARPPU",
      "Purchaser conversion",
      "Total purchasers",
      "First time purchasers",
      "Add to carts",
      "Checkouts",
      "Items viewed",
      "Returning users",
      "Total ad revenue",
      "% New Sessions",
      "Avg. Session Duration",
      "Avg. Time on Page",
      "Unique Pageviews",
      "Entrances",
      "% Exit",
      "Exits",
      "Page Value",
      "Goal Value",
      "Hits",
      "Per Session Value",
      "Max daily revenue",
      "Average daily revenue",
      "Min daily revenue",
      "Max daily purchasers",
      "Average daily purchasers",
      "Min daily purchasers",
      "Stream name",
    ],
    target: "ignore",
    from: "GA4, UA",
  },
  {
    names: [
      "Currency code",
      "Currency",
      "Campaign status",
      "Campaign type",
      "Campaign ID",
      "Campaign state",
      "Campaign subtype",
      "Account",
      "Account name",
      "Customer ID",
      "Interactions",
      "Avg. cost",
      "Avg. CPM",
      "Avg. CPV",
      "All conv.",
      "All conv. value",
      "All conv. rate",
      "View-through conv.",
      "Conv. (Platform Comparable)",
      "Cost / Conv. (Platform Comparable)",
      "Conv. value / Cost (Platform Comparable)",
      "Budget",
      "Budget name",
      "Budget type",
      "Bid strategy type",
      "Bid strategy",
      "Search impr. share",
      "Search lost IS (rank)",
      "Search lost IS (budget)",
      "Search top IS",
      "Search abs. top IS",
      "Impr. (Top) %",
      "Impr. (Abs. Top) %",
      "Optimization score",
      "Status",
      "Status reasons",
      "Keyword status",
      "Ad group status",
      "Final URL",
      "Max. CPC",
      "Quality Score",
      "Viewable impr.",
      "Avg. viewable CPM",
      "Video views",
      "Phone calls",
      "Labels",
      "Added/Excluded",
    ],
    target: "ignore",
    from: "Google Ads",
  },
  {
    names: [
      "Reporting ends",
      "Fin del informe",
      "Fin des rapports",
      "Berichtsende",
      "Campaign delivery",
      "Ad set delivery",
      "Ad delivery",
      "Delivery",
      "Delivery status",
      "Delivery level",
      "Results",
      "Result indicator",
      "Result type",
      "Cost per result",
      "Cost per results",
      "Attribution setting",
      "Ends",
      "Starts",
      "Ad set budget",
      "Ad set budget type",
      "Bid",
      "Bid type",
      "Last significant edit",
      "Quality ranking",
      "Engagement rate ranking",
      "Conversion rate ranking",
      "CPM (cost per 1,000 impressions)",
      "Cost per purchase",
      "Cost per add to cart",
      "Cost per checkout initiated",
      "Cost per landing page view",
      "Adds to cart",
      "Checkouts initiated",
      "Landing page views",
      "Outbound clicks",
      "Outbound CTR (click-through rate)",
      "Post engagement",
      "Page engagement",
      "ThruPlays",
      "Video plays at 100%",
      "Messaging conversations started",
      "hook rate",
      "hold rate",
      "Ads",
    ],
    target: "ignore",
    from: "Meta",
  },
  {
    names: [
      "Discounts",
      "Returns",
      "Shipping",
      "Shipping charges",
      "Taxes",
      "Duties",
      "Additional fees",
      "Sessions that completed checkout",
      "Sessions with cart additions",
      "Sessions that reached checkout",
      "Added to cart",
      "Reached checkout",
      "Customers",
      "New customers",
      "Returning customers",
      "Net items sold",
      "Ordered item quantity",
      "total_carts",
      "total_checkouts",
      "total_orders_placed",
      "total_conversion",
      "first_time_customers",
      "returning_customers",
      "referrer_name",
    ],
    target: "ignore",
    from: "Shopify",
  },
  {
    names: ["CTR (%)", "Filter", "Value", "Search Appearance", "Search appearance"],
    target: "ignore",
    from: "Search Console",
  },
];

/**
 * Columns that split a report's rows by something the store does not hold (Meta's age, gender, ad set and ad; GA4's
 * hour; Google Ads' ad group and match type): rows that differ only there are added up, for the metrics that add up.
 */
export const BREAKDOWN_COLUMNS: readonly string[] = [
  "Age",
  "Gender",
  "Ad set name",
  "Ad name",
  "Ad set",
  "Ad",
  "Ad ID",
  "Ad set ID",
  "Placement",
  "Platform",
  "Publisher platform",
  "Region",
  "DMA region",
  "City",
  "Hour",
  "Hour of the day",
  "Day of week",
  "Day of the week",
  "Day of week name",
  "Ad group",
  "Ad group ID",
  "Match type",
  "Search terms match type",
  "Network",
  "Network (with search partners)",
  "Browser",
  "Operating system",
  "Page title",
  "Page title and screen class",
  "Event name",
  "Hostname",
  "Language",
  "New / returning",
  "User type",
  "Edad",
  "Sexo",
  "Alter",
  "Geschlecht",
  "Âge",
  "Sexe",
  "Nombre del conjunto de anuncios",
  "Nombre del anuncio",
];

/**
 * Metrics that do not add up over rows (unique people, averages of them): left out of a file whose rows are added
 * up, with the preview saying why. `users` is stored, but only as given.
 */
export const NON_ADDITIVE_COLUMNS: readonly string[] = [
  "Reach",
  "Frequency",
  "Unique link clicks",
  "Unique clicks (all)",
  "Alcance",
  "Frecuencia",
  "Reichweite",
  "Couverture",
  "Répétition",
  "Copertura",
  "Frequenza",
  "Bereik",
  "Frequentie",
  "リーチ",
  "フリークエンシー",
];

/**
 * A header cell reduced to what identifies it: lower case, letters (of any script, accents dropped) and digits only,
 * a trailing
 * currency code dropped ("Amount spent (USD)" and "amount_spent" are one name; so are our own
 * camelCase names and their spaced spellings).
 */
export function squashName(name: string): string {
  return name
    .trim()
    .replace(/\s*\([A-Z]{3}\)\s*$/, "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}

export interface KnownMatch {
  target: ColumnTarget | `metric:${string}`;
  /** Lower is preferred when two columns claim one target. */
  rank: number;
}

const BY_NAME = new Map<string, KnownMatch>();
let rank = 0;
// Our own template's names (the catalogue keys) come first: a file in our format maps exactly.
BY_NAME.set("date", { target: "date", rank: rank++ });
for (const d of DIMENSIONS) BY_NAME.set(squashName(d.key), { target: `dimension:${d.key}`, rank: rank++ });
for (const m of STORED_METRICS) BY_NAME.set(squashName(m.key), { target: `metric:${m.key}`, rank: rank++ });
for (const entry of KNOWN_COLUMNS)
  for (const name of entry.names) {
    const key = squashName(name);
    if (!BY_NAME.has(key)) BY_NAME.set(key, { target: entry.target, rank: rank++ });
  }

// The names of the other languages the tools export in (lib/csv-import/localized-columns.ts), after the English ones,
// and which languages write each name (a header's language is told by them).
const LANGUAGES_OF = new Map<string, Set<Language>>();
const writtenIn = (name: string, language: Language) => {
  const key = squashName(name);
  const set = LANGUAGES_OF.get(key) ?? new Set<Language>();
  set.add(language);
  LANGUAGES_OF.set(key, set);
};
for (const entry of LOCALIZED_COLUMNS)
  for (const [language, list] of Object.entries(entry.names) as [Language, string[]][])
    for (const name of list) {
      const key = squashName(name);
      if (!BY_NAME.has(key)) BY_NAME.set(key, { target: entry.target, rank: rank++ });
      writtenIn(name, language);
    }
for (const [language, list] of Object.entries(LANGUAGE_WORDS) as [Language, string[]][])
  for (const name of list) writtenIn(name, language);

const BREAKDOWNS = new Set(BREAKDOWN_COLUMNS.map(squashName));
const NON_ADDITIVE = new Set(NON_ADDITIVE_COLUMNS.map(squashName));
// GA4 names a goal's completions after the goal in UA ("Sign-ups (Goal 1 Completions)").
const GOAL = /\(goal \d+ (completions|value|conversion rate|abandoned funnels|abandonment rate)\)$/i;

/**
 * Japanese writes one name, 表示回数, for Search Console's and Google Ads' impressions and for GA4's views: views in a
 * header of sessions or users without clicks, position or cost.
 */
const SHARED_NAMES = new Map([[squashName("表示回数"), { views: true }]]);
const GA4_JA = new Set(
  ["セッション", "セッション数", "ユーザー", "アクティブ ユーザー", "総ユーザー数", "新規ユーザー数"].map(squashName),
);
const ADS_JA = new Set(["クリック数", "掲載順位", "費用", "平均掲載順位"].map(squashName));

/** What a header names among the others of its file (a name some languages give two metrics). */
export function knownColumnAmong(header: string, headers: readonly string[]): KnownMatch | undefined {
  const known = knownColumn(header);
  if (!known || !SHARED_NAMES.has(squashName(header))) return known;
  const keys = headers.map(squashName);
  return keys.some((k) => GA4_JA.has(k)) && !keys.some((k) => ADS_JA.has(k))
    ? { target: "metric:pageviews", rank: known.rank }
    : known;
}

export function knownColumn(header: string): KnownMatch | undefined {
  const known = BY_NAME.get(squashName(header));
  if (known) return known;
  const goal = GOAL.exec(header.trim());
  if (goal) return { target: goal[1].toLowerCase() === "completions" ? "metric:conversions" : "ignore", rank: rank };
  return undefined;
}

/** A column that splits rows by something reports do not hold (Meta's age, an ad set, GA4's hour). */
export const isBreakdownColumn = (header: string): boolean => BREAKDOWNS.has(squashName(header));

/** A metric that does not add up over rows and is not stored (Meta's reach and frequency). */
export const isNonAdditiveColumn = (header: string): boolean => NON_ADDITIVE.has(squashName(header));

/**
 * A column of a comparison period, never this period's figures: Shopify's "Sessions (previous_year)", Google Ads'
 * "Clicks (Comparison)" and "Clicks (% change)", Looker Studio's "Δ" and "% change".
 */
export function isComparisonColumn(header: string): boolean {
  return (
    /\((previous[ _]?(year|period)|comparison|compare|change|% ?change|change ?%|difference|vs\.? .*)\)\s*$/i.test(
      header.trim(),
    ) ||
    /(^|\s)(% ?change|change ?%|Δ|delta|% Δ)(\s|$)/i.test(header.trim()) ||
    /^(previous|prior|comparison)\b/i.test(header.trim())
  );
}

/**
 * The language a header is written in, other than English: the one whose own names it uses most (a name several
 * languages write counts for each, "French or Spanish" when they tie), else the script of its letters (Japanese,
 * Korean, Cyrillic…); null for English or when nothing tells.
 */
export function headerLanguage(headers: readonly string[]): { code: Language | null; name: string } | null {
  const votes = new Map<Language, number>();
  for (const h of headers) {
    const languages = LANGUAGES_OF.get(squashName(h));
    if (languages) for (const l of languages) votes.set(l, (votes.get(l) ?? 0) + 1 / languages.size);
  }
  const ranked = [...votes.entries()].sort((a, b) => b[1] - a[1]);
  if (ranked.length > 0) {
    const tied = ranked.filter(([, v]) => v === ranked[0][1]).map(([l]) => LANGUAGE_NAMES[l]);
    return { code: ranked[0][0], name: tied.slice(0, 2).join(" or ") };
  }
  const script = SCRIPTS.find((s) => headers.some((h) => s.pattern.test(h)));
  return script ? { code: null, name: script.language } : null;
}
