import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';

const shared = fileURLToPath(new URL('./shared', import.meta.url));

/**
 * @editorjs/image bundles a helper that finds the global object with `new Function("return this")()` when it
 * loads. The web app's CSP allows no eval (server/http/security-headers.ts): the call is refused and caught,
 * but reported as a violation each time the journal opens. globalThis is the same object, without eval.
 */
function globalThisWithoutEval(): Plugin {
  const evalGlobal = 'new Function("return this")()';
  return {
    name: 'shelfwise:global-this-without-eval',
    transform(code, id) {
      if (!/\/node_modules\/@editorjs\/image\/.*\.m?js$/.test(id)) return null;
      if (!code.includes(evalGlobal)) {
        throw new Error(`@editorjs/image no longer has ${evalGlobal}: check the journal under the CSP.`);
      }
      return { code: code.replaceAll(evalGlobal, 'globalThis'), map: null };
    },
  };
}

export default defineConfig({
  root: 'renderer',
  base: '/',
  plugins: [react(), globalThisWithoutEval()],
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
