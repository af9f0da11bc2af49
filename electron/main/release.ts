// The release settings a packaged build was made with (electron/tooling/release-settings.ts makes them from
// the packager's environment; electron/tooling/build.ts writes them into this bundle). Unbundled (unit tests,
// the desktop simulation) and in builds not made for release there are none.

export interface ReleaseSettings {
  /** The server a packaged copy uses unless the reader picked another; null in unpackaged builds. */
  defaultServerUrl: string | null;
  /** The generic update feed (an https folder with latest.yml); null: the build never looks for updates. */
  updateFeedUrl: string | null;
}

export const NO_RELEASE_SETTINGS: ReleaseSettings = { defaultServerUrl: null, updateFeedUrl: null };

declare const __SHELFWISE_RELEASE__: ReleaseSettings | undefined;

export const RELEASE: ReleaseSettings =
  typeof __SHELFWISE_RELEASE__ === 'undefined' ? NO_RELEASE_SETTINGS : __SHELFWISE_RELEASE__;
