import { defineConfig, devices } from '@playwright/test';

/**
 * Browser journeys against one server and one built client (`npm run build` first; `npm test`
 * does it). The server starts on a fresh data dir with demo data. A second runner working at the
 * same time sets E2E_PORT to another port (e.g. 8181) so the two never share a database.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8180);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'npx tsx tests/e2e/serve.ts',
    url: `http://127.0.0.1:${E2E_PORT}/api/openapi.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(E2E_PORT), HOST: '127.0.0.1', DATA_DIR: `.tmp/e2e-${E2E_PORT}`, LOG_LEVEL: 'warn', CLIENT_DIR: process.env.CLIENT_DIR ?? 'dist' },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
