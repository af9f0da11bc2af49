// The reader chooses the server (issue 32): the build's default or a self-hosted one. An address is taken
// only when it is https (or http on this machine: tokens must not cross a network in the clear) and answers
// /client-config as a Shelfwise server does. A different server means a new vault scope, a new CSP and a new
// session, all fixed at start (index.ts), so main saves the choice, signs the reader out here and restarts.
import { z } from 'zod';
import type { ServerChoiceOutcome, ServerChoiceState } from '@shared/desktop-bridge';
import { DesktopConfigError, checkServerUrl } from './app-config';

/** A server that accepts the connection but never answers must not hold the Settings screen for long. */
const PROBE_TIMEOUT_MS = 10_000;

/** What every Shelfwise server answers at /client-config (server/app.ts); anything else is someone else. */
const clientConfigAnswer = z.object({
  url: z.string().url(),
  anonKey: z.string().min(1),
});

export class ServerChoiceError extends Error {
  override readonly name = 'ServerChoiceError';
}

/**
 * The address a reader typed, normalised to the server's base URL. A bare host name gets https (readers type
 * `books.example.org`, not the scheme); the rules are app-config.ts's, with messages for a person.
 */
export function checkServerAddress(typed: string): string {
  const value = typed.trim();
  if (value === '') throw new ServerChoiceError('Enter the address of a Shelfwise server.');
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  try {
    return checkServerUrl(withScheme);
  } catch (error) {
    if (!(error instanceof DesktopConfigError)) throw error;
    if (/must use https/.test(error.message))
      throw new ServerChoiceError(
        'Use an https address. Plain http is only allowed for a server on this computer.',
      );
    throw new ServerChoiceError(`"${value}" is not a web address a Shelfwise server could have.`);
  }
}

/** Throws ServerChoiceError unless `serverUrl` answers /client-config as a Shelfwise server. */
export async function probeShelfwiseServer(
  serverUrl: string,
  fetchImpl: typeof fetch,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<void> {
  let response: Response;
  try {
    response = await fetchImpl(`${serverUrl}/client-config`, {
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
      headers: { accept: 'application/json' },
    });
  } catch {
    throw new ServerChoiceError(
      `Shelfwise could not reach ${serverUrl}. Check the address and your connection, then try again.`,
    );
  }
  const notShelfwise = new ServerChoiceError(`${serverUrl} did not answer as a Shelfwise server.`);
  if (!response.ok) throw notShelfwise;
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw notShelfwise;
  }
  if (!clientConfigAnswer.safeParse(body).success) throw notShelfwise;
}

export interface ServerChooserDeps {
  /** The server this run uses (app-config.ts), normalised. */
  currentServerUrl: string;
  /** The build's server (SHELFWISE_SERVER_URL when packaging), offered first. */
  defaultServerUrl: string;
  /** Whether the reader (or an older settings.json) has chosen already; false on a first run. */
  chosen: boolean;
  /** SHELFWISE_SERVER_URL in the environment wins over any choice: the screen says so and changes nothing. */
  fixedByEnvironment: boolean;
  fetch: typeof fetch;
  /** Writes the choice where the next start reads it (settings.json). */
  save(serverUrl: string): Promise<void>;
  /** Signs out on the current server: its tokens, the reader's cache and Chromium's data go (desktop-services). */
  signOut(): Promise<void>;
  /** Starts the app again on the saved server. */
  restart(): void;
  log: (message: string) => void;
}

export interface ServerChooser {
  state(): ServerChoiceState;
  choose(address: string): Promise<ServerChoiceOutcome>;
}

export function createServerChooser(deps: ServerChooserDeps): ServerChooser {
  let chosen = deps.chosen || deps.fixedByEnvironment;
  // One choice at a time: a second click while the first probes must not sign out twice or restart twice.
  let busy = false;

  return {
    state: () => ({
      serverUrl: deps.currentServerUrl,
      defaultServerUrl: deps.defaultServerUrl,
      chosen,
      fixedByEnvironment: deps.fixedByEnvironment,
    }),

    async choose(address) {
      if (deps.fixedByEnvironment)
        return {
          ok: false,
          message: 'This copy of Shelfwise was started with SHELFWISE_SERVER_URL, which sets the server.',
        };
      if (busy) return { ok: false, message: 'Shelfwise is already checking a server.' };
      busy = true;
      try {
        const serverUrl = checkServerAddress(address);
        await probeShelfwiseServer(serverUrl, deps.fetch);
        await deps.save(serverUrl);
        chosen = true;
        if (serverUrl === deps.currentServerUrl) return { ok: true, serverUrl, restarting: false };
        // Sign-out works offline too (auth/session.ts): the old server's session ends here either way.
        await deps
          .signOut()
          .catch((error: unknown) => deps.log(`Sign-out before the switch: ${String(error)}`));
        deps.log(`The reader chose ${serverUrl}; restarting on it.`);
        deps.restart();
        return { ok: true, serverUrl, restarting: true };
      } catch (error) {
        if (error instanceof ServerChoiceError) return { ok: false, message: error.message };
        deps.log(`Could not change the server: ${String(error)}`);
        return { ok: false, message: 'Shelfwise could not change the server. Try again.' };
      } finally {
        busy = false;
      }
    },
  };
}
