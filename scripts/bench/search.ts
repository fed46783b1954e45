import type pg from "pg";
import { hashPassword } from "../../server/auth/password";
import { measure, type Benchmark } from "./harness";

// 200 agencies; agency 1 is large (10,000 clients), the other 199 share 40,000 clients (~200 each).
// 50,000 projects are spread over the clients at random: 100,000 searchable clients and projects.
const AGENCIES = 200;
const CLIENTS = 50_000;
const LARGE_AGENCY_CLIENTS = 10_000;
const PROJECTS = 50_000;
const STAFF_PER_AGENCY = 10;
const PASSWORD = "Bench123!";
const REQUESTS = 500;

const adminEmail = (n: number) => `admin${n}@agency${n}.bench`;

const sqlArray = (words: string[]) => `array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(", ")}]`;

const PREFIXES = [
  "North",
  "South",
  "East",
  "West",
  "Blue",
  "Green",
  "Red",
  "Silver",
  "Golden",
  "Bright",
  "Café",
  "Crème",
  "Élan",
  "Über",
  "Zoë's",
  "Müller",
  "Señor",
  "Nordic",
  "Alpine",
  "Coastal",
  "Urban",
  "Royal",
  "Summit",
  "Pioneer",
  "Atlas",
  "Orion",
  "Apex",
  "Nova",
  "Lumière",
  "Château",
  "Fjord",
  "Evergreen",
  "Harbor",
  "Maple",
  "Cedar",
  "Iron",
  "Crystal",
  "Velvet",
  "Cobalt",
  "Sunny",
];
const CORES = [
  "wind",
  "field",
  "stone",
  "bridge",
  "wood",
  "brook",
  "gate",
  "light",
  "wave",
  "peak",
  "works",
  "labs",
  "forge",
  "point",
  "ridge",
  "craft",
  "vale",
  "haven",
  "port",
  "line",
];
const KINDS = [
  "Traders",
  "Bakery",
  "Studio",
  "Dental",
  "Motors",
  "Consulting",
  "Fitness",
  "Boutique",
  "Logistics",
  "Media",
  "Foods",
  "Pharma",
  "Realty",
  "Outfitters",
  "Analytics",
  "Brasserie",
  "Pâtisserie",
  "Hôtel",
  "Clinic",
  "Garden",
];
const SUFFIXES = [" Ltd", " Inc", " GmbH", " & Co", "", "", " SA", " LLC"];
const TLDS = ["com", "co.uk", "de", "fr", "es", "io", "net", "org", "ch", "com.au"];
const PROJECT_NAMES = [
  "Online Store",
  "Main Site",
  "Blog",
  "Landing Pages",
  "Brand Campaign",
  "Boutique en ligne",
  "Tienda Online",
  "Café Menu",
  "Shop",
  "Careers Portal",
  "Help Center",
  "Newsletter",
  "Spring Promo",
  "Lead Funnel",
  "Événements",
  "Réservations",
  "Members Area",
  "App",
];
const SUBDOMAINS = ["www", "shop", "blog", "store", "app", "go", "info", "fr", "de", "es", "members", "events"];
const FIRST_NAMES = [
  "Zoë",
  "José",
  "Anaïs",
  "Björn",
  "Renée",
  "Łukasz",
  "Noah",
  "Emma",
  "Liam",
  "Olivia",
  "Mateo",
  "Chloé",
  "François",
  "Søren",
  "Inès",
  "Mia",
];
const LAST_NAMES = [
  "Müller",
  "García",
  "Dubois",
  "Nowak",
  "Smith",
  "O'Brien",
  "Kowalski",
  "Rossi",
  "Jensen",
  "Silva",
  "Martín",
  "Lefèvre",
  "Andersson",
  "Novák",
  "Brown",
  "Lee",
];

// Pick a word from an array by a hash of the row number and a salt: varied, yet the same every run.
const pick = (array: string, n: string, salt: string) =>
  `(${array})[1 + abs(hashtext((${n})::text || '${salt}')) % array_length(${array}, 1)]`;
const slug = (expr: string) =>
  `trim(both '-' from regexp_replace(lower(public.f_unaccent(${expr})), '[^a-z0-9]+', '-', 'g'))`;

async function seed(db: pg.Client): Promise<void> {
  const hash = await hashPassword(PASSWORD);
  await db.query("begin");
  await db.query(
    `create temp table bench_agencies on commit drop as select n, gen_random_uuid() as id from generate_series(1, ${AGENCIES}) n`,
  );
  await db.query(`
    insert into agencies (id, name, confirmed_at, subscription_status, project_limit, created_at)
    select id, 'Bench Agency ' || n, now(), 'full', 1000000, now() - make_interval(days => ${AGENCIES} - n) from bench_agencies`);
  await db.query(
    `insert into users (agency_id, email, password_hash, first_name, last_name, role, onboarding)
     select id, 'admin' || n || '@agency' || n || '.bench', $1, 'Admin', 'Agency ' || n, 'agency', false from bench_agencies`,
    [hash],
  );
  await db.query(
    `insert into users (agency_id, email, password_hash, first_name, last_name, role, onboarding, created_at)
     select a.id, ${slug("f.first")} || '.' || ${slug("f.last")} || s || '@agency' || a.n || '.bench', $1, f.first, f.last, 'staff', false,
            now() - make_interval(mins => a.n * 100 + s)
     from bench_agencies a cross join generate_series(1, ${STAFF_PER_AGENCY}) s
     cross join lateral (select ${pick(sqlArray(FIRST_NAMES), "a.n * 100 + s", "f")} as first, ${pick(sqlArray(LAST_NAMES), "a.n * 100 + s", "l")} as last) f`,
    [hash],
  );
  await db.query(`
    create temp table bench_clients on commit drop as
    select g.n, gen_random_uuid() as id, a.id as agency_id,
           ${pick(sqlArray(PREFIXES), "g.n", "p")} as prefix, ${pick(sqlArray(CORES), "g.n", "c")} as core,
           ${pick(sqlArray(KINDS), "g.n", "k")} as kind, ${pick(sqlArray(TLDS), "g.n", "t")} as tld
    from generate_series(1, ${CLIENTS}) g(n)
    join bench_agencies a on a.n = case when g.n <= ${LARGE_AGENCY_CLIENTS} then 1 else 2 + (g.n - ${LARGE_AGENCY_CLIENTS + 1}) % ${AGENCIES - 1} end`);
  await db.query(`
    insert into clients (id, agency_id, name, website, industry, country, created_at, updated_at)
    select id, agency_id,
           prefix || core || ' ' || kind || ${pick(sqlArray(SUFFIXES), "n", "s")},
           case when n % 10 = 0 then null else 'https://www.' || ${slug("prefix || core || '-' || kind")} || '.' || tld end,
           'Other', ${pick("array['US','GB','DE','FR','ES','CH','AU']", "n", "y")},
           now() - make_interval(secs => n * 37), now()
    from bench_clients`);
  await db.query(`
    insert into client_projects (agency_id, client_id, name, site_type, url, created_at, updated_at)
    select c.agency_id, c.id,
           c.prefix || c.core || ' ' || ${pick(sqlArray(PROJECT_NAMES), "g.n", "pn")},
           (${pick("array['ecommerce','lead_generation','content','brand']", "g.n", "st")})::site_type,
           'https://' || ${pick(sqlArray(SUBDOMAINS), "g.n", "sd")} || '.' || ${slug("c.prefix || c.core")} || '.' || c.tld,
           now() - make_interval(secs => g.n * 41), now()
    from generate_series(1, ${PROJECTS}) g(n)
    join bench_clients c on c.n = 1 + abs(hashtext(g.n::text || 'client')) % ${CLIENTS}`);
  await db.query("commit");
  // As autovacuum would in production: flush the GIN pending lists the bulk insert filled, and gather statistics.
  await db.query("vacuum analyze");
}

// Prefixes, substrings, accented and unaccented spellings, URL fragments, people and a typo.
const QUERIES = [
  "north",
  "nort",
  "wind",
  "stone",
  "bridg",
  "café",
  "cafe",
  "crème",
  "creme",
  "lumière",
  "lumiere",
  "patisserie",
  "pâtiss",
  "hôtel",
  "hotel",
  "bakery",
  "tique",
  "consult",
  "fitness",
  "analyt",
  "outfit",
  "harbor",
  "maple",
  "cobalt",
  "orion",
  "apex",
  "summit",
  "www.north",
  "blog.",
  "shop.",
  "-dental",
  ".de",
  "zoë",
  "zoe",
  "muller",
  "müller",
  "garcia",
  "josé",
  "anaïs",
  "søren",
  "nortwind",
  "northwid",
  "silverbrook",
  "goldenpeak traders",
  "evergreen haven",
  "admin1",
  "ridge",
  "haven",
  "forge",
  "labs",
  "online store",
];

async function run({ baseUrl, login }: Parameters<Benchmark["run"]>[0]) {
  const results = [];
  const cases = [
    { label: "search /api/searches (agency of ~250 clients + ~250 projects)", agency: 2 },
    { label: "search /api/searches (large agency: 10,000 clients + ~10,000 projects)", agency: 1 },
  ];
  for (const { label, agency } of cases) {
    const token = await login(adminEmail(agency), PASSWORD);
    const headers = { authorization: `Bearer ${token}` };
    const url = (i: number) => `${baseUrl}/api/searches?q=${encodeURIComponent(QUERIES[i % QUERIES.length])}`;
    results.push(
      await measure(label, { count: REQUESTS, warmup: 50, targetP95Ms: 50 }, (i) => fetch(url(i), { headers })),
    );
  }
  return results;
}

export const searchBenchmark: Benchmark = { name: "search", seed, run };
