import { MantineProvider } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { theme } from './theme';

// Every route is its own chunk so a visitor downloads only the screen they open.
const Landing = lazy(() => import('./routes/landing'));
const NotFound = lazy(() => import('./routes/not-found'));

export function App() {
  return (
    <MantineProvider theme={theme}>
      <BrowserRouter>
        <Suspense fallback={null}>
          <Routes>
            <Route path="/" element={<Landing />} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </MantineProvider>
  );
}
