// `npm run dev`: Vite's dev server with hot reload, which proxies the API paths to the API server (restarted
// on change; vite.config.ts). Open the URL Vite prints. Vite listens first, so that its origin can be added
// to the API's SITE_URL: redirects and e-mail links go only to configured origins, and Vite's port is not
// the API's.
import { spawn } from 'node:child_process';
import { createServer } from 'vite';

const vite = await createServer();
await vite.listen();
vite.printUrls();
const viteOrigins = (vite.resolvedUrls?.local ?? []).map((url) => new URL(url).origin);
const siteUrls = [process.env.SITE_URL ?? '', ...viteOrigins].filter(Boolean).join(',');

const api = spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: process.env.PORT ?? '8787', SITE_URL: siteUrls },
});

const stop = async () => {
  api.kill('SIGTERM');
  await vite.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
api.on('exit', (code) => {
  console.error(`API server exited (${code}); stopping.`);
  void stop();
});
