// Admin tools need a session that passed a second factor (the server answers aal2_required otherwise). An
// admin without one is led to set it up in Settings instead of meeting refusals one form at a time.
import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTwoStep } from './two-step-query';

export const ADMIN_TWO_STEP_MESSAGE = 'Admin tools need two-step sign-in.';

export function AdminTwoStepNotice() {
  const { data } = useTwoStep();
  if (!data || data.currentLevel === 'aal2') return null;
  return (
    <Alert color="yellow" role="status" title={ADMIN_TWO_STEP_MESSAGE}>
      <Anchor component={Link} to="/settings#two-step">
        Set up two-step sign-in
      </Anchor>
    </Alert>
  );
}
