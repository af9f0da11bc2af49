import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'shared/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'electron/**/*.test.ts',
          ],
          // The real OS keychain test runs in its own project, inside a D-Bus session with a keyring.
          exclude: ['**/node_modules/**', '**/*.keytar.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Generated hostile input and the authorization matrix (issue 13 §10), in one process on PGlite.
          name: 'hostile',
          environment: 'node',
          include: ['tests/hostile/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'keychain',
          environment: 'node',
          include: ['electron/**/*.keytar.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['renderer/src/test-setup.ts'],
          // Whole-app mounts load lazy routes; on a busy 2-core machine the first one takes seconds.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
