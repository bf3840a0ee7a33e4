import { eq } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client.ts';
import { seedDemoData } from '../../server/db/seed.ts';
import { users } from '../../server/db/schema/index.ts';
import { befriend } from '../../server/modules/friends/relations.ts';

/**
 * A data dir with the demo members and three of them friends with each other, made before the
 * server starts (PGlite has one user at a time). Usage: tsx tests/e2e/seed-friends.ts <data dir>.
 */
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: seed-friends.ts <data dir>');
const database = await openDatabase({ dataDir: `${dataDir}/pglite` });
await seedDemoData(database.db);
const idOf = async (email: string) => (await database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const [amal, karim, mei] = [await idOf('amal@example.org'), await idOf('karim@example.org'), await idOf('mei@example.org')];
await befriend(database.db, amal, karim);
await befriend(database.db, amal, mei);
await befriend(database.db, karim, mei);
await database.close();
