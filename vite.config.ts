import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import pkg from './package.json' with { type: 'json' };

// The dev server proxies calls and the socket to a server started with `npm run serve`.
const target = `http://localhost:${process.env.PORT ?? '8080'}`;

/**
 * The web app manifest: what Chromium needs to offer installation, and what an installed app
 * looks like. Icons come from assets/icon.svg (`npm run icons`). Browsers that know the dark
 * colour scheme preference (`user_preferences`) take the dark colours from it; the page's own
 * `theme-color` meta tags in index.html follow the theme everywhere else.
 */
const manifest: Partial<ManifestOptions> & { user_preferences: object } = {
  id: '/',
  name: "Members' network",
  short_name: 'Members',
  description: "The members' network of a global young-leaders organisation.",
  lang: 'en',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: '#1f5fbf',
  background_color: '#f6f4ef',
  user_preferences: { color_scheme_dark: { theme_color: '#12151c', background_color: '#12151c' } },
  categories: ['social', 'productivity'],
  // A notification click or a launch reuses the open window rather than opening a second one.
  launch_handler: { client_mode: ['focus-existing', 'auto'] },
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

export default defineConfig({
  plugins: [
    react(),
    // The service worker (sw/sw.ts) is built by Vite too; workbox injects the precache list into it.
    // Registration is ours (src/features/app-update/register-sw.ts), so a new version waits for
    // the member's "Reload" instead of mixing versions. No worker in `npm run dev`.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest,
      includeAssets: ['icons/*.png'],
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        globIgnores: ['**/*.map'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
  server: {
    port: 5173,
    proxy: { '/api': target, '/chat': target, '/socket.io': { target, ws: true }, '/dev': target },
  },
});
