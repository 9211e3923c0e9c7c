import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './vite-plugins/precompress';
import { ocrAssets } from './vite-plugins/ocr-assets';
import { serviceWorkerBuild } from './vite-plugins/service-worker-build';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), precompress(), ocrAssets(), serviceWorkerBuild()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: { outDir: 'dist', emptyOutDir: true },
  server: { proxy: { '/api': 'http://127.0.0.1:5000' } },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    // one module graph and one window per worker, not per file (about 45 s against 177 s): each
    // test still starts clean (src/testing/setup.ts: the page, the drafts, the real clock), and a
    // file that changes something shared puts it back
    isolate: false,
  },
});
