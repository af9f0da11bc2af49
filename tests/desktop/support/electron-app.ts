// The desktop suite's second driver: the real app, built as `npm run desktop` builds it, launched with
// Playwright's Electron support against the simulation's server, its renderer loaded from the server's
// dist/web (as SHELFWISE_RENDERER_URL allows in unpackaged runs). Main runs with SHELFWISE_TEST_HOOKS=1
// (electron/main/testing/test-hooks.ts): what the simulation watches in-process, main prints as
// `SHELFWISE_TEST {json}` lines, kept here in the same shapes; what the simulation does in-process (cut the
// network, click the menu or a notification, hand over a link) goes through electronApp.evaluate.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron } from '@playwright/test';
import type { ElectronApplication } from '@playwright/test';
import { MAIN_BUNDLE, buildElectron } from '../../../electron/tooling/build';
import type { OfflineState } from '../../../shared/desktop-bridge';
import type { Crossing, LaunchOptions } from './simulated-window';

interface Hooks {
  setOnline(value: boolean): void;
  loseReplyOf(name: string): void;
  clickMenu(label: string): void;
  clickNotification(): void;
  storedSession(): Promise<string | null>;
  offlineState(): OfflineState;
  storeFiles(): string;
  secondInstance(args: string[]): void;
  openUrl(url: string): void;
}

let built: Promise<void> | null = null;

export async function launchElectronApp(
  binary: string,
  setup: { serverUrl: string; appUrl: string } & LaunchOptions,
) {
  // The real app's first run has no SHELFWISE_SERVER_URL (which fixes the server) and so would offer its
  // unpackaged default, not this suite's server: not wired yet, and said so rather than run as something else.
  if (setup.firstRun) throw new Error('firstRun is not wired for the real-Electron driver yet.');
  built ??= buildElectron();
  await built;
  const crossings: Crossing[] = [];
  const opened: string[] = [];
  const logs: string[] = [];
  const shellCalls: { call: string; args: unknown[] }[] = [];
  const updateChecks: string[] = [];
  const protocols: string[] = [];
  let focused = 0;

  const electronApp: ElectronApplication = await _electron.launch({
    executablePath: binary,
    // A fresh profile per launch: its own electron-store files (Chromium's switch, which Electron honours).
    args: [
      MAIN_BUNDLE,
      `--user-data-dir=${mkdtempSync(join(tmpdir(), 'shelfwise-electron-'))}`,
      ...(setup.argv ?? []),
    ],
    env: {
      ...process.env,
      SHELFWISE_SERVER_URL: setup.serverUrl,
      SHELFWISE_RENDERER_URL: setup.appUrl,
      SHELFWISE_TEST_HOOKS: '1',
    },
  });
  const watch = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (line.startsWith('[shelfwise] ')) logs.push(line.slice('[shelfwise] '.length));
      if (!line.startsWith('SHELFWISE_TEST ')) continue;
      const { kind, data } = JSON.parse(line.slice('SHELFWISE_TEST '.length)) as { kind: string; data: any };
      if (kind === 'crossing') crossings.push(data as Crossing);
      else if (kind === 'opened') opened.push(data as string);
      else if (kind === 'shell') shellCalls.push(data);
      else if (kind === 'updateCheck') updateChecks.push(data as string);
      else if (kind === 'protocol') protocols.push(data as string);
      else if (kind === 'focus') focused += 1;
    }
  };
  electronApp.process().stdout?.on('data', watch);
  electronApp.process().stderr?.on('data', watch);
  /** Calls one of main's test hooks by name (the function runs in main, so it can only name it). */
  const hook = <K extends keyof Hooks>(name: K, arg?: unknown): Promise<Awaited<ReturnType<Hooks[K]>>> =>
    electronApp.evaluate(
      (_electron, [method, value]) => {
        const hooks = (globalThis as unknown as { __shelfwiseTest: Record<string, (v: unknown) => unknown> })
          .__shelfwiseTest;
        return hooks[method]!(value);
      },
      [name, arg as never] as const,
    ) as Promise<Awaited<ReturnType<Hooks[K]>>>;

  const page = await electronApp.firstWindow();
  // Electron's pages have no baseURL option: the specs' in-app paths are resolved against the app's origin.
  const goto = page.goto.bind(page);
  page.goto = (url, options) => goto(new URL(url, setup.appUrl).href, options);
  if (setup.path) await page.goto(setup.path);
  /** Resolves once main has been quiet for a moment: what it started has reached the page. */
  const quiet = async () => {
    let seen = -1;
    while (seen !== crossings.length) {
      seen = crossings.length;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  return {
    driver: 'electron' as const,
    page,
    crossings,
    opened,
    logs,
    shellCalls,
    updateChecks,
    protocols,
    focused: () => focused,
    setOnline: (value: boolean) => hook('setOnline', value),
    loseReplyOf: (name: string) => hook('loseReplyOf', name),
    clickMenu: (label: string) => hook('clickMenu', label),
    clickNotification: () => hook('clickNotification'),
    offlineState: () => hook('offlineState'),
    storeFiles: () => hook('storeFiles'),
    async storedSession(): Promise<{ access_token: string; refresh_token: string } | null> {
      const raw = await hook('storedSession');
      return raw ? (JSON.parse(raw) as { access_token: string; refresh_token: string }) : null;
    },
    secondInstance: (...args: string[]) => void hook('secondInstance', args),
    openUrl: (url: string) => void hook('openUrl', url),
    settled: quiet,
    quit: () => electronApp.close(),
  };
}

export type ElectronDesktop = Awaited<ReturnType<typeof launchElectronApp>>;
