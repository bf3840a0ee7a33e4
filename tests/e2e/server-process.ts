import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A real server in its own process, for specs that must stop and restart it (chat under a
 * server restart). It keeps its data dir across restarts, like a deployment would.
 */
export class ServerProcess {
  private child: ChildProcess | null = null;
  constructor(
    readonly port: number,
    readonly dataDir: string,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        LOG_LEVEL: 'warn',
        CLIENT_DIR: process.env.CLIENT_DIR ?? 'dist',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let out = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 60_000);
      const onData = (d: Buffer) => {
        out += d.toString();
        if (out.includes('is running at')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
    });
  }

  /** A graceful stop (SIGTERM): requests in flight finish, the database closes. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
    this.child = null;
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }
}

export const freshDataDir = (name: string) => {
  const dir = path.resolve('.tmp', name);
  fs.rmSync(dir, { recursive: true, force: true });
  return dir;
};
