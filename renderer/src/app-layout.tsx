import { Alert, Box, Container } from '@mantine/core';
import { Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorBoundary } from './components/error-boundary';
import { OfflineBanner } from './components/offline-banner';
import { PageLoader } from './components/page-loader';
import { RouteAnnouncer } from './components/route-announcer';
import { UpdatePrompt } from './components/update-prompt';
import { AppHeader } from './features/navigation/app-header';
import { useShellCommands } from './hooks/use-shell-commands';
import { useSession } from './session/session-context';

/** A failed e-mail link or Google return, shown once at the top (the reset page words its own). */
function RedirectErrorNotice() {
  const { redirectError } = useSession();
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(false);
  if (!redirectError || dismissed || pathname === '/reset-password') return null;
  return (
    <Container size="md" pt="md">
      <Alert color="red" withCloseButton closeButtonLabel="Dismiss" onClose={() => setDismissed(true)}>
        {redirectError}
      </Alert>
    </Container>
  );
}

export function AppLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  useShellCommands();
  return (
    <>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <Box component="header" className="app-header">
        <AppHeader />
      </Box>
      <main id="main-content" tabIndex={-1}>
        <RedirectErrorNotice />
        <OfflineBanner />
        {/* Moving to another page clears an error, so one broken page does not stick to the next. */}
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoader />}>{children}</Suspense>
        </ErrorBoundary>
        <UpdatePrompt />
      </main>
      <RouteAnnouncer />
    </>
  );
}
