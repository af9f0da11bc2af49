// Hands the Backend to the screens, so tests can give them a fake one.
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { Backend } from './backend';

const BackendContext = createContext<Backend | null>(null);

export function BackendProvider({ backend, children }: { backend: Backend; children: ReactNode }) {
  return <BackendContext.Provider value={backend}>{children}</BackendContext.Provider>;
}

export function useBackend(): Backend {
  const backend = useContext(BackendContext);
  if (!backend) throw new Error('useBackend() needs a <BackendProvider> above it.');
  return backend;
}
