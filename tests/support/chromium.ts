// How every tool here launches a browser: Debian's Chromium (Playwright must not download its own; see
// DEPENDENCIES.md), headless and quiet. The e2e suite, the desktop simulation and the web benchmark share it.
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
