import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import { AppLayout } from './app-layout';
import type { Backend } from './platform/backend';
import { BackendProvider, useBackend } from './platform/backend-context';
import { createQueryClient } from './query-client';
import { AppRoutes } from './routes/app-routes';
import { SessionProvider } from './session/session-provider';
import { ColorSchemeSync } from './components/color-scheme-sync';
import { FirstRunServer } from './features/server-choice/first-run-server';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';

/** Paths opened from outside the app (desktop `shelfwise://` links); the web has none. */
function DeepLinks() {
  const backend = useBackend();
  const navigate = useNavigate();
  useEffect(() => backend.onDeepLink((path) => void navigate(path)), [backend, navigate]);
  return null;
}

/**
 * Everything inside the router: a desktop first run's choice of server, then the session, the bar and the
 * pages. Tests mount it in a MemoryRouter.
 */
export function AppContent({ reload }: { reload?: () => void }) {
  return (
    <FirstRunServer>
      <SessionProvider reload={reload}>
        <DeepLinks />
        <AppLayout>
          <AppRoutes />
        </AppLayout>
      </SessionProvider>
    </FirstRunServer>
  );
}

export function App({ backend }: { backend: Backend }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <QueryClientProvider client={queryClient}>
        <BackendProvider backend={backend}>
          <ColorSchemeSync />
          <BrowserRouter>
            <AppContent />
          </BrowserRouter>
        </BackendProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
