// Mounts the whole app (session, bar, routes) at a path in a memory router, with a fake Backend.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
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

export function renderApp(path: string, backend: Backend, options: { reload?: () => void } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <BackendProvider backend={backend}>
          <MemoryRouter initialEntries={[path]}>
            <AppContent reload={options.reload} />
            <LocationProbe />
          </MemoryRouter>
        </BackendProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, queryClient };
}
