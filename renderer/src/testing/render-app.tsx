// Mounts the whole app (session, bar, routes) at a path in a memory router, with a fake Backend.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppContent } from '../app';
import type { Backend } from '../platform/backend';
import { BackendProvider } from '../platform/backend-context';
import { theme } from '../theme';

/** Shows the router's current path, for asserting redirects. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** `ui` inside the app's providers, with a fresh query client and a memory router at `path`. */
export function renderInProviders(ui: ReactNode, backend: Backend, path: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <BackendProvider backend={backend}>
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        </BackendProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, queryClient };
}

export function renderApp(path: string, backend: Backend, options: { reload?: () => void } = {}) {
  return renderInProviders(
    <>
      <AppContent reload={options.reload} />
      <LocationProbe />
    </>,
    backend,
    path,
  );
}
