import 'fake-indexeddb/auto';
import { createRxDatabase } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { expect, test } from 'vitest';
import { messageSchema } from '../../schemas/collections/chat.ts';
import { databaseName, openLocalDb, removeLocalDb } from './database.ts';

/**
 * A device that stored messages with the first schema (it still had `deleted`) opens the app
 * after the update: its messages are migrated, none lost. Its own file: the old schema can only
 * be created before RxDB's development checks (which refuse it) are loaded.
 */
test('Messages stored by the first schema version survive the update', async () => {
  const userId = 4242;
  const { required: _r, version: _v, properties, ...rest } = messageSchema;
  const v0 = { ...rest, version: 0, properties: { ...properties, deleted: { type: 'boolean' } }, required: messageSchema.required };
  const old = await createRxDatabase({ name: databaseName(userId), storage: getRxStorageDexie(), multiInstance: false });
  await old.addCollections({ messages: { schema: v0 as never } });
  const doc = { id: '0190a1b2-0000-7000-8000-000000000001', chat_key: 'd1_2', group_id: null, order: 1, rev: 1, send_user_id: 1, nick_name: 'Amal', avatar: '', msg_type: 1, content: 'kept', send_time: '2026-11-21T10:00:00.000Z', deleted: false };
  await old.collections.messages!.insert(doc);
  await old.close();

  const db = await openLocalDb(userId);
  const migrated = await db.messages.findOne(doc.id).exec();
  const { deleted: _gone, ...kept } = doc;
  expect(migrated?.toJSON()).toEqual(kept);
  await removeLocalDb(userId);
});
