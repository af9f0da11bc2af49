// jsdom lacks what Mantine reads at render time (DEPENDENCIES.md).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { fixedMediaQuery } from './media-query';

// Without vitest globals, Testing Library cannot register its own clean-up between tests.
afterEach(cleanup);
// findBy*/waitFor give up after 1 s by default; a lazy route's first load can take longer on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

window.matchMedia ??= (query: string) => fixedMediaQuery(query, false);

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Mantine's ScrollArea and focus handling call these; jsdom leaves them out.
Element.prototype.scrollIntoView ??= () => undefined;

// Mantine's Textarea autosize waits for web fonts before it measures.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: {
      ready: Promise.resolve(),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    },
  });
}
