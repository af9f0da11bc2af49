// What a packaged build carries from the moment it is made: the server a reader's copy talks to until they
// choose another (never this machine's localhost), and the feed it takes updates from. `npm run dist` reads
// them from SHELFWISE_SERVER_URL and SHELFWISE_UPDATE_FEED (README.md "Releasing the desktop app"); build.ts
// writes them into main's bundle, and dist.ts hands the feed to electron-builder, which then writes the
// update metadata (latest.yml and its kin) beside the artefacts and the feed into the app.
import { checkServerUrl, DesktopConfigError } from '../main/app-config';
import type { ReleaseSettings } from '../main/release';
import { updateFeedUrl } from '../main/updater';

/** The settings of a build for release, from `env`; throws with the reason when they cannot make one. */
export function releaseSettingsFrom(env: Record<string, string | undefined>): ReleaseSettings {
  const server = env.SHELFWISE_SERVER_URL?.trim();
  if (!server)
    throw new DesktopConfigError(
      'SHELFWISE_SERVER_URL must name the Shelfwise server a packaged app uses by default (https).',
    );
  const defaultServerUrl = checkServerUrl(server);
  if (!defaultServerUrl.startsWith('https://'))
    throw new DesktopConfigError(
      `A packaged app's default server must use https, not this machine: ${defaultServerUrl}`,
    );
  const feed = env.SHELFWISE_UPDATE_FEED?.trim();
  const updateFeed = feed ? updateFeedUrl(feed) : null;
  if (feed && (!updateFeed || !updateFeed.startsWith('https://')))
    throw new DesktopConfigError(`SHELFWISE_UPDATE_FEED must be an https URL: ${feed}`);
  return { defaultServerUrl, updateFeedUrl: updateFeed };
}

/** electron-builder's command-line overrides that publish the update metadata for `feed`. */
export function publishArguments(settings: ReleaseSettings): string[] {
  return settings.updateFeedUrl
    ? ['-c.publish.provider=generic', `-c.publish.url=${settings.updateFeedUrl}`]
    : [];
}
