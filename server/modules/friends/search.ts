/**
 * Member search: names, chapters and skills matched by word prefix ("ama had" finds Amal
 * Haddad), every word typed having to match. Names and skills are matched through GIN indexes
 * on to_tsvector('simple', …) (pg_trgm is not available on PGlite); chapters are a small table
 * whose matches bring in their members and the members of the chapters below them. Measured on
 * 100,000 members by scripts/bench-search.ts (`npm run bench:search`).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { SEARCH_FIELDS } from '../../../schemas/api/people.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { chapters, profiles, skills, users } from '../../db/schema/index.ts';
import { cardColumns, cardJoins, toCard, type CardRow } from './cards.ts';
import { hiddenFrom } from './relations.ts';

type Field = (typeof SEARCH_FIELDS)[number];
const MAX_WORDS = 5;
const MAX_WORD = 40;

/** The words of a query, lowercased: letters, digits and their combining marks only. */
export const searchWords = (keyword: string): string[] =>
  keyword
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS)
    .map((w) => [...w].slice(0, MAX_WORD).join(''));

/** A prefix query for every word; the words hold no quote or operator, so nothing needs escaping. */
export const prefixQuery = (words: string[]): string => words.map((w) => `'${w}':*`).join(' & ');

/** The chapters whose name matches, and every chapter below them: a small table, read first so the planner knows how many. */
const matchingChapters = async (db: Db, query: string): Promise<number[]> =>
  (
    await queryRows<{ id: number }>(
      db,
      sql`with recursive tree(id) as (
            select c.id from ${chapters} c where to_tsvector('simple', c.name) @@ to_tsquery('simple', ${query})
            union select c.id from ${chapters} c join tree t on c.parent_id = t.id
          ) select id from tree`,
    )
  ).map((r) => r.id);

const branches = (field: Field, query: string, chapterIds: number[]): SQL[] => {
  const q = sql`to_tsquery('simple', ${query})`;
  const out: SQL[] = [];
  if (field === 'all' || field === 'name') {
    out.push(sql`select u.id, 1 as rank from ${users} u where to_tsvector('simple', u.nick_name) @@ ${q}`);
  }
  if ((field === 'all' || field === 'chapter') && chapterIds.length) {
    out.push(sql`select p.user_id as id, 2 as rank from ${profiles} p where p.chapter_id in (${sql.join(chapterIds.map((id) => sql`${id}`), sql`, `)})`);
  }
  if (field === 'all' || field === 'skill') {
    out.push(sql`select s.user_id as id, 3 as rank from ${skills} s where to_tsvector('simple', s.name) @@ ${q}`);
  }
  return out;
};

interface HitRow extends CardRow {
  rank: number;
}

const MATCHED = { 1: 'name', 2: 'chapter', 3: 'skill' } as const;

/** One page of members matching `keyword`, name matches first, then by name; blocked either way never show. */
export const searchMembers = async (db: Db, viewerId: number, keyword: string, field: Field, page: number, pageSize: number) => {
  const words = searchWords(keyword);
  const empty = { list: [], page, page_size: pageSize, has_more: false };
  if (words.length === 0) return empty;
  const query = prefixQuery(words);
  const chapterIds = field === 'all' || field === 'chapter' ? await matchingChapters(db, query) : [];
  const parts = branches(field, query, chapterIds);
  if (parts.length === 0) return empty;
  const rows = await queryRows<HitRow>(
    db,
    sql`with hits as (select id, min(rank) as rank from (${sql.join(parts, sql` union all `)}) h group by id),
        shown as (
          select h.id, h.rank from hits h join ${users} u on u.id = h.id
          where u.status = 'active' and u.id <> ${viewerId} and u.id not in ${hiddenFrom(viewerId)}
          order by h.rank, lower(u.nick_name), u.id
          limit ${pageSize + 1} offset ${(page - 1) * pageSize}
        )
        select pg.rank, ${cardColumns(viewerId)}
        from shown pg join ${users} u on u.id = pg.id ${cardJoins(viewerId)}
        order by pg.rank, lower(u.nick_name), u.id`,
  );
  return {
    list: rows.slice(0, pageSize).map((r) => ({ ...toCard(r), matched: MATCHED[r.rank as 1 | 2 | 3] })),
    page,
    page_size: pageSize,
    has_more: rows.length > pageSize,
  };
};
