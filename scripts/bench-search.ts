/**
 * Member search on 100,000 members: seeds a throwaway in-memory PGlite through the real
 * migrations (so the real indexes), then times each query shape of searchMembers and prints
 * p50 and p99. A benchmark, not a test: it prints and never fails (DESIGN.md, Tests).
 *
 *   npm run bench:search            # 100,000 members, 40 runs per shape
 *   MEMBERS=20000 RUNS=20 npm run bench:search
 */
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../server/db/client.ts';
import { searchMembers } from '../server/modules/friends/search.ts';

const MEMBERS = Number(process.env.MEMBERS ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 40);

const FIRST = ['Amal', 'Karim', 'Mei', 'Priya', 'Nikos', 'Claire', 'Omar', 'Sofia', 'Lena', 'Tomás', 'Maria', 'José', 'Aisha', 'Wei', 'Yuki', 'Arjun', 'Fatima', 'Liam', 'Olivia', 'Noah', 'Emma', 'Lucas', 'Chloé', 'Hugo', 'Ines', 'Ali', 'Sara', 'David', 'Anna', 'Marco', 'Giulia', 'Hannah', 'Jonas', 'Leila', 'Samir', 'Nour', 'Tunde', 'Grace', 'Ethan', 'Mateo'];
const LAST = ['Haddad', 'Mansour', 'Lin', 'Sharma', 'Papadopoulos', 'Martin', 'Farouk', 'Rossi', 'Fischer', 'Silva', 'Garcia', 'Smith', 'Kim', 'Chen', 'Tanaka', 'Mehta', 'Bello', 'Nguyen', 'Brown', 'Dubois', 'Weber', 'Costa', 'Khoury', 'Azar', 'Okafor', 'Iyer', 'Sato', 'Moreau', 'Georgiou', 'Ferrari', 'Schmidt', 'Wright', 'Rivera', 'Johnson', 'Singh', 'Watanabe', 'Lefèvre', 'Nikolaou', 'Gómez', 'Tremblay'];
const ENDINGS = ['', 'son', 'ova', 'elli', 'ez', 'ian', 'ski', 'er'];
const SKILLS = ['Public speaking', 'Team leadership', 'Project management', 'Negotiation', 'Fundraising', 'Event management', 'Marketing', 'Storytelling', 'Volunteering', 'Software development', 'Data analysis', 'Design', 'Problem solving', 'Strategic planning', 'Mentoring', 'Facilitation', 'Partnership building', 'English', 'Entrepreneurship', 'Finance', 'Sales', 'Business development', 'Community organising', 'Advocacy', 'Sustainable development', 'Writing', 'French', 'Arabic', 'Coaching', 'Debate'];
const CITIES = ['Tokyo', 'Paris', 'Beirut', 'Cairo', 'Lagos', 'Mumbai', 'Pune', 'Shanghai', 'Athens', 'Munich', 'Milan', 'Toronto', 'Lyon', 'Lisbon', 'Madrid', 'Seoul', 'Manila', 'Nairobi', 'Accra', 'Dubai'];

const arr = (values: string[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;

const main = async () => {
  const started = performance.now();
  const database = await openDatabase({ dataDir: 'memory://' });
  const db = database.db;
  // The organisation: one global chapter, 4 areas, 20 nations, 40 regions, 120 local chapters.
  await db.execute(sql`insert into chapters (name, level, parent_id) values ('Worldwide', 'global', null)`);
  await db.execute(sql`insert into chapters (name, level, parent_id) select 'Area ' || g, 'area', 1 from generate_series(1, 4) g`);
  await db.execute(sql`insert into chapters (name, level, parent_id, country)
    select 'Nation ' || g, 'national', (select id from chapters where name = 'Area ' || (g % 4 + 1)), 'C' || g from generate_series(1, 20) g`);
  await db.execute(sql`insert into chapters (name, level, parent_id)
    select 'Region ' || g, 'regional', (select id from chapters where name = 'Nation ' || (g % 20 + 1)) from generate_series(1, 40) g`);
  await db.execute(sql`insert into chapters (name, level, parent_id)
    select (${arr(CITIES)})[g % ${CITIES.length} + 1] || ' Chapter ' || g, 'local', (select id from chapters where name = 'Region ' || (g % 40 + 1)) from generate_series(1, 120) g`);
  // 40 first names × 320 family names: names repeat as they do in a real membership.
  await db.execute(sql`insert into users (email, password_hash, nick_name)
    select 'm' || g || '@bench.test', 'x', (${arr(FIRST)})[g % ${FIRST.length} + 1] || ' '
      || (${arr(LAST)})[(g / ${FIRST.length}) % ${LAST.length} + 1] || (${arr(ENDINGS)})[(g / 1601) % ${ENDINGS.length} + 1]
    from generate_series(1, ${MEMBERS}) g`);
  await db.execute(sql`insert into profiles (user_id, chapter_id)
    select u.id, (select min(id) from chapters where level = 'local') + u.id % 120 from users u`);
  await db.execute(sql`insert into skills (user_id, name)
    select u.id, (${arr(SKILLS)})[(u.id + j * 7) % ${SKILLS.length} + 1] from users u, generate_series(0, 3) j`);
  await db.execute(sql`insert into blocks (blocker_id, blocked_id) select u.id, u.id + 1 from users u where u.id % 50 = 0 and u.id < (select max(id) from users)`);
  await db.execute(sql`insert into friendships (user_id, friend_id) select u.id, u.id + 3 from users u where u.id % 7 = 0 and u.id + 3 <= (select max(id) from users)`);
  await db.execute(sql`analyze`);
  const [range] = await queryRows<{ first: number; last: number }>(db, sql`select min(id) as first, max(id) as last from users`);
  const { first, last } = range!;
  console.log(`Seeded ${MEMBERS.toLocaleString('en')} members, ${(MEMBERS * 4).toLocaleString('en')} skills, 185 chapters in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const shapes: { shape: string; keyword: string; field: 'all' | 'name' | 'chapter' | 'skill'; page?: number }[] = [
    { shape: 'name, one common letter', keyword: 'a', field: 'name' },
    { shape: 'name, 3-letter prefix', keyword: 'mar', field: 'name' },
    { shape: 'name, first + last name', keyword: 'amal haddad', field: 'name' },
    { shape: 'name, no match', keyword: 'zzqx', field: 'name' },
    { shape: 'chapter (and below)', keyword: 'tokyo', field: 'chapter' },
    { shape: 'chapter, area (1/4 of all)', keyword: 'area 1', field: 'chapter' },
    { shape: 'skill prefix', keyword: 'fundr', field: 'skill' },
    { shape: 'all fields, common word', keyword: 'lead', field: 'all' },
    { shape: 'all fields, full name', keyword: 'sofia rossi', field: 'all' },
    { shape: 'all fields, page 50', keyword: 'mar', field: 'all', page: 50 },
  ];
  const rows: { shape: string; keyword: string; hits: number; p50: number; p99: number }[] = [];
  for (const s of shapes) {
    const times: number[] = [];
    let hits = 0;
    for (let i = 0; i < RUNS; i++) {
      const viewer = first + ((i * 7919) % (last - first));
      const t0 = performance.now();
      const res = await searchMembers(db, viewer, s.keyword, s.field, s.page ?? 1, 20);
      times.push(performance.now() - t0);
      hits = res.list.length;
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
    rows.push({ shape: s.shape, keyword: s.keyword, hits, p50: at(0.5), p99: at(0.99) });
  }
  console.log(`\nsearchMembers on PGlite, ${RUNS} runs per shape, 20 per page (ms)\n`);
  const pad = (v: string, n: number) => v.padEnd(n);
  console.log(`${pad('query shape', 30)} ${pad('keyword', 14)} ${'hits'.padStart(5)} ${'p50'.padStart(8)} ${'p99'.padStart(8)}`);
  for (const r of rows) {
    console.log(`${pad(r.shape, 30)} ${pad(r.keyword, 14)} ${String(r.hits).padStart(5)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)}`);
  }
  await database.close();
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
