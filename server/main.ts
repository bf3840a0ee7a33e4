import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { startStatistics } from './db/maintenance.ts';
import { DEMO_LOGIN, seedDemoData } from './db/seed.ts';
import { loadOrCreateKeyPair } from './http/crypto.ts';
import { loadOrCreateVapidKeys } from './modules/push/vapid.ts';
import { startAccountSweep } from './modules/auth/account-deletion.ts';
import path from 'node:path';

/** Boots configuration, database, keys and HTTP, and shuts them down in order on SIGINT/SIGTERM. */
const main = async () => {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
  });
  const keys = loadOrCreateKeyPair(config.dataDir);
  const push = loadOrCreateVapidKeys({ dataDir: config.dataDir, mailFrom: config.mailFrom, allowHttpEndpoints: config.devTools });
  const app = await buildApp({ config, database, keys, push });
  const seeded = config.seedDemo ? await seedDemoData(database.db) : false;
  if (seeded) app.log.info('demo data seeded');
  // Deleted accounts past their 30-day grace period are erased now and every hour.
  const stopSweep = startAccountSweep(database.db, app.log);
  const stopStatistics = startStatistics(database, app.log);
  app.addHook('onClose', async () => {
    stopSweep();
    stopStatistics();
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  // Plain lines, not log records: this is what a newcomer reads after `npm start`.
  console.log(`\n  Members' network is running at http://${shown}:${config.port}`);
  console.log(`  Database: ${database.engine === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}`);
  console.log(`  Demo sign-in: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}\n`);
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
