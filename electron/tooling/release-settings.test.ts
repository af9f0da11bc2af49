import { describe, expect, it } from 'vitest';
import { resolveDesktopConfig } from '../main/app-config';
import { publishArguments, releaseSettingsFrom } from './release-settings';

describe('release settings', () => {
  it('carry the default server and the update feed of a release build', () => {
    const settings = releaseSettingsFrom({
      SHELFWISE_SERVER_URL: 'https://books.example.org/',
      SHELFWISE_UPDATE_FEED: 'https://downloads.example.org/shelfwise/',
    });
    expect(settings).toEqual({
      defaultServerUrl: 'https://books.example.org',
      updateFeedUrl: 'https://downloads.example.org/shelfwise/',
    });
    expect(publishArguments(settings)).toEqual([
      '-c.publish.provider=generic',
      '-c.publish.url=https://downloads.example.org/shelfwise/',
    ]);
  });

  it('refuse a build without a server, or one for this machine or plain http', () => {
    expect(() => releaseSettingsFrom({})).toThrow(/SHELFWISE_SERVER_URL must name/);
    expect(() => releaseSettingsFrom({ SHELFWISE_SERVER_URL: 'http://localhost:8787' })).toThrow(
      /must use https, not this machine/,
    );
    expect(() => releaseSettingsFrom({ SHELFWISE_SERVER_URL: 'http://books.example.org' })).toThrow(
      /must use https unless/,
    );
  });

  it('refuse an update feed that is not https, and publish nothing without one', () => {
    expect(() =>
      releaseSettingsFrom({
        SHELFWISE_SERVER_URL: 'https://books.example.org',
        SHELFWISE_UPDATE_FEED: 'http://127.0.0.1:9000/',
      }),
    ).toThrow(/SHELFWISE_UPDATE_FEED must be an https URL/);
    const withoutFeed = releaseSettingsFrom({ SHELFWISE_SERVER_URL: 'https://books.example.org' });
    expect(withoutFeed.updateFeedUrl).toBeNull();
    expect(publishArguments(withoutFeed)).toEqual([]);
  });

  it('give a packaged copy its server unless the reader or the environment chose another', () => {
    const from = (env: Record<string, string>, settings: unknown = null) =>
      resolveDesktopConfig({
        env,
        settings,
        packaged: true,
        releaseServerUrl: 'https://books.example.org',
      }).serverUrl;
    expect(from({})).toBe('https://books.example.org');
    expect(from({}, { serverUrl: 'https://shelf.home.example' })).toBe('https://shelf.home.example');
    expect(from({ SHELFWISE_SERVER_URL: 'http://localhost:8787' })).toBe('http://localhost:8787');
  });
});
