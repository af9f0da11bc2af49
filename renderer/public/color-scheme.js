// Runs before the first paint (a classic, blocking script in index.html's head; the CSP allows no inline
// script, so it is a file): sets the reader's colour scheme on <html> as Mantine will, so a dark-mode
// reader never sees a white page while the app loads. The key and values match renderer/src/theme.ts
// (colorSchemeManager): 'light', 'dark' or 'auto' (follow the OS, the default).
(function () {
  var scheme = 'auto';
  try {
    var stored = window.localStorage.getItem('shelfwise-color-scheme');
    if (stored === 'light' || stored === 'dark' || stored === 'auto') scheme = stored;
  } catch {
    // Storage can be off (privacy settings): follow the OS.
  }
  if (scheme === 'auto') {
    scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  document.documentElement.style.colorScheme = scheme;
})();
