import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { cacheSchema, type CacheDoc } from '../../schemas/collections/cache.ts';
import {
  friendSchema,
  groupSchema,
  headSchema,
  messageMigrations,
  messageSchema,
  modelRoomSchema,
  unreadSchema,
  type FriendDoc,
  type GroupDoc,
  type HeadDoc,
  type MessageDoc,
  type ModelRoomDoc,
  type UnreadDoc,
} from '../../schemas/collections/chat.ts';

/**
 * The member's local replica: one RxDB database per member (named by user id), over Dexie, so
 * one member's data never shows to the next who signs in on the device. Removed at sign-out.
 */
export type Collections = {
  cache: RxCollection<CacheDoc>;
  messages: RxCollection<MessageDoc>;
  heads: RxCollection<HeadDoc>;
  friends: RxCollection<FriendDoc>;
  groups: RxCollection<GroupDoc>;
  unread: RxCollection<UnreadDoc>;
  modelrooms: RxCollection<ModelRoomDoc>;
};
export type LocalDb = RxDatabase<Collections>;

addRxPlugin(RxDBMigrationSchemaPlugin);

const open = new Map<number, Promise<LocalDb>>();
/** The databases that have finished opening, for callers that can use one without waiting. */
const opened = new Map<number, LocalDb>();

export const databaseName = (userId: number) => `mn_u${userId}`;

const storage = async () => {
  const dexie = getRxStorageDexie();
  if (!import.meta.env.DEV) return dexie;
  // Development: check every write against its schema, and warn about misuse.
  const [{ wrappedValidateAjvStorage }, dev] = await Promise.all([import('rxdb/plugins/validate-ajv'), import('rxdb/plugins/dev-mode')]);
  dev.disableWarnings();
  addRxPlugin(dev.RxDBDevModePlugin);
  return wrappedValidateAjvStorage({ storage: dexie });
};

export const openLocalDb = (userId: number): Promise<LocalDb> => {
  let db = open.get(userId);
  if (!db) {
    db = (async () => {
      const created = await createRxDatabase<Collections>({
        name: databaseName(userId),
        storage: await storage(),
        multiInstance: true,
        closeDuplicates: true,
      });
      await created.addCollections({
        cache: { schema: cacheSchema },
        messages: { schema: messageSchema, migrationStrategies: messageMigrations },
        heads: { schema: headSchema },
        friends: { schema: friendSchema },
        groups: { schema: groupSchema },
        unread: { schema: unreadSchema },
        modelrooms: { schema: modelRoomSchema },
      });
      return created;
    })();
    open.set(userId, db);
    db.then(
      (ready) => open.get(userId) === db && opened.set(userId, ready),
      () => open.delete(userId),
    );
  }
  return db;
};

/** The member's database if it is already open, without waiting; otherwise undefined. */
export const openedLocalDb = (userId: number): LocalDb | undefined => opened.get(userId);

/** Forgets everything stored for this member on this device. */
export const removeLocalDb = async (userId: number): Promise<void> => {
  const db = open.get(userId);
  open.delete(userId);
  opened.delete(userId);
  if (db) await (await db).remove();
};
