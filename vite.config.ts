import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const shared = fileURLToPath(new URL('./shared', import.meta.url));

export default defineConfig({
  root: 'renderer',
  base: '/',
  plugins: [react()],
  resolve: { alias: { '@shared': shared } },
  build: { outDir: '../dist/web', emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/sf', '/auth', '/storage', '/client-config', '/dev', '/health'].map((p) => [
        p,
        process.env.API_URL ?? 'http://localhost:8787',
      ]),
    ),
  },
});
