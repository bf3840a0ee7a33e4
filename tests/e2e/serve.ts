import fs from 'node:fs';
import path from 'node:path';

/** Starts the real server for the browser tests on a data dir wiped first, so every run starts alike. */
const dataDir = path.resolve(process.env.DATA_DIR ?? '.tmp/e2e');
fs.rmSync(dataDir, { recursive: true, force: true });
if (!fs.existsSync(path.resolve('dist/index.html'))) {
  console.error('dist/ is missing: run `npm run build` before the browser tests.');
  process.exit(1);
}
await import('../../server/main.ts');
