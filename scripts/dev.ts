// `npm run dev`: the API server (restarted on change) plus Vite's dev server with hot reload, which proxies
// the API paths to it (vite.config.ts). Open the URL Vite prints.
import { spawn } from 'node:child_process';
import { createServer } from 'vite';

const api = spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: process.env.PORT ?? '8787' },
});
const vite = await createServer();
await vite.listen();
vite.printUrls();

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
