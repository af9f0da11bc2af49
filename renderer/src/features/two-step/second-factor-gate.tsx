// A session that stopped at the password on an account with two-step sign-in opens nothing until its code
// is given (issue 31). The login screen asks for it in line; this gate asks wherever else such a session
// turns up: after a reload during the code step, or a session restored from storage (supabase-js
// getAuthenticatorAssuranceLevel: current aal1, next aal2).
import { Container, Paper } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useBackend } from '../../platform/backend-context';
import { useSession } from '../../session/session-context';
import { SecondFactorForm } from './second-factor-form';
import { useTwoStep } from './two-step-query';

/** The login page asks for the code itself, right after the password. */
const ASKS_ITSELF = new Set(['/login']);

export function SecondFactorGate({ children }: { children: ReactNode }) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const { pathname } = useLocation();
  const twoStep = useTwoStep();
  const step = user ? twoStep.data : undefined;
  const factor = step?.factors.find((f) => f.verified);
  const owed = step?.currentLevel === 'aal1' && step.nextLevel === 'aal2' && factor !== undefined;
  if (!owed || !factor || ASKS_ITSELF.has(pathname)) return children;
  return (
    <Container size="xs" py="xl">
      <Paper withBorder p="lg" radius="md">
        <SecondFactorForm
          factorId={factor.id}
          // Everything fetched while the code was owed was refused: fetch it again, the level included.
          onVerified={() => void queryClient.invalidateQueries()}
          onCancel={() => void backend.signOut()}
        />
      </Paper>
    </Container>
  );
}
