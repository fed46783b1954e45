import "server-only";
import { desc, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { db } from "../../db/client";
import type { PageQuery, Paged } from "../pagination";

/**
 * A searchable column in two spellings of the same value (unaccented, lower case):
 * `indexed` is exactly the expression of its trigram index (drizzle/0001_search.sql), used to
 * filter; `plain` calls unaccent directly, several times cheaper than the IMMUTABLE SQL wrapper,
 * and is used where no index is involved (ranking the rows already found).
 */
export interface SearchField {
  indexed: SQL;
  plain: SQL;
}

export const searchField = (column: AnyColumn | SQL): SearchField => ({
  indexed: sql`lower(public.f_unaccent(${column}))`,
  plain: sql`lower(public.unaccent('public.unaccent'::regdictionary, ${column}))`,
});

/** The caller's text normalised like the columns, and the LIKE patterns built from it. */
export interface SearchTerm {
  text: string;
  contains: string;
  prefix: string;
  wordPrefix: string;
}

// Characters that separate words in names, emails and URLs, for the "a word starts with it" rank.
const SEPARATORS = "./:-_@,&+()";
const SPACES = " ".repeat(SEPARATORS.length);
const toSpaces = (value: string) => value.replace(/[./:\-_@,&+()]/g, " ");
const escapeLike = (value: string) => value.replace(/[\\%_]/g, "\\$&");

/** What every search verb takes: `?q=&page=&limit=`, and the term when several searches share one. */
export type SearchInput = PageQuery & { q: string; term?: SearchTerm };

/**
 * Normalises the text once, in PostgreSQL (unaccent's rules: "Œ" → "OE", "ß" → "ss"...), so the
 * search queries compare constants against the indexed expressions.
 */
export async function searchTerm(q: string): Promise<SearchTerm> {
  const result = await db().execute<{ text: string }>(
    sql`select lower(public.unaccent('public.unaccent'::regdictionary, ${q})) as text`,
  );
  const text = result.rows[0].text;
  const escaped = escapeLike(text);
  return { text, contains: `%${escaped}%`, prefix: `${escaped}%`, wordPrefix: `% ${toSpaces(escaped)}%` };
}

/** Any field contains the text: a LIKE answered from the trigram indexes (a BitmapOr), not a scan. */
export function containsMatch(fields: SearchField[], term: SearchTerm): SQL {
  return sql`(${sql.join(
    fields.map((f) => sql`${f.indexed} like ${term.contains}`),
    sql` or `,
  )})`;
}

/** Any field holds a word close to the text (word similarity above pg_trgm's threshold, 0.6): typos. */
export function similarMatch(fields: SearchField[], term: SearchTerm): SQL {
  return sql`(${sql.join(
    fields.map((f) => sql`${term.text} <% ${f.indexed}`),
    sql` or `,
  )})`;
}

/**
 * 0 exact, 1 prefix, 2 a word starts with the text, 3 elsewhere: the best over the fields. Each
 * field is unaccented once per row (the OFFSET 0 keeps PostgreSQL from inlining the subquery and
 * repeating the call in every branch).
 */
function containsRank(fields: SearchField[], term: SearchTerm): SQL {
  const values = fields.map((f, i) => sql`${f.plain} as ${sql.raw(`f${i}`)}`);
  const ranks = fields.map((_, i) => {
    const v = sql.raw(`s.f${i}`);
    return sql`case
      when ${v} = ${term.text} then 0
      when ${v} like ${term.prefix} then 1
      when ' ' || translate(${v}, ${SEPARATORS}, ${SPACES}) like ${term.wordPrefix} then 2
      else 3 end`;
  });
  return sql`(select coalesce(least(${sql.join(ranks, sql`, `)}), 3) from (select ${sql.join(values, sql`, `)} offset 0) s)`;
}

function similarityRank(fields: SearchField[], term: SearchTerm): SQL {
  return sql`coalesce(greatest(${sql.join(
    fields.map((f) => sql`word_similarity(${term.text}, ${f.plain})`),
    sql`, `,
  )}), 0)`;
}

/** The total of every matching row, computed in the page query itself. */
export const totalOver = sql<number>`count(*) over ()`.mapWith(Number);

export type PageRunner<T> = (match: SQL, orderBy: SQL[]) => Promise<(T & { total: number })[]>;

/**
 * Runs one search the same way for every kind: rows containing the text, ranked exact > prefix >
 * word start > substring, then newest first. Only when nothing contains the text are rows with a
 * similar word returned (most similar first), so a typo still finds something while the usual
 * query pays for one set of index scans. `newest` orders ties.
 */
export async function rankedSearch<T>(opts: {
  fields: SearchField[];
  term: SearchTerm;
  page: PageQuery;
  newest: SQL[];
  run: PageRunner<T>;
  count: (match: SQL) => Promise<number>;
}): Promise<Paged<T>> {
  const { fields, term, page, newest, run, count } = opts;
  const attempt = async (match: SQL, rank: SQL): Promise<Paged<T>> => {
    const rows = await run(match, [rank, ...newest]);
    // Past the last page the window count has no row to ride on: count separately.
    const total = rows.length ? rows[0].total : page.page > 0 ? await count(match) : 0;
    return { docs: rows, total };
  };
  const found = await attempt(containsMatch(fields, term), containsRank(fields, term));
  if (found.total > 0) return found;
  return attempt(similarMatch(fields, term), desc(similarityRank(fields, term)));
}
