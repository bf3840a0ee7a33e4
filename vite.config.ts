import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import pkg from './package.json' with { type: 'json' };

// The dev server proxies calls and the socket to a server started with `npm run serve`.
const target = `http://localhost:${process.env.PORT ?? '8080'}`;

export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
  server: {
    port: 5173,
    proxy: { '/api': target, '/chat': target, '/socket.io': { target, ws: true }, '/dev': target },
  },
});
