// Recovery codes while two-step sign-in is on (issue 31): how many are left, and a new set for a current
// authenticator code (the server replaces the old ones and shows the new ones this once).
import { Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RECOVERY_CODE_COUNT } from '@shared/api/two-step';
import { useBackend } from '../../platform/backend-context';
import { useSession } from '../../session/session-context';
import { CodeForm } from './code-form';

export const recoveryCodesQueryKey = (userId: string | null) => ['recovery-codes', userId] as const;

export function RecoveryCodesSection({
  factorId,
  onNewCodes,
}: {
  factorId: string;
  onNewCodes: (codes: string[]) => void;
}) {
  const backend = useBackend();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const key = recoveryCodesQueryKey(user?.id ?? null);
  const status = useQuery({ queryKey: key, queryFn: () => backend.sf('recovery-codes-status', {}) });

  async function regenerate(code: string) {
    const { codes } = await backend.sf('regenerate-recovery-codes', { factor_id: factorId, code });
    onNewCodes(codes);
    await queryClient.invalidateQueries({ queryKey: key });
  }

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Recovery codes
      </Text>
      <Text size="sm" c={status.data?.unused === 0 ? 'red' : undefined} aria-live="polite">
        {status.data
          ? `${status.data.unused} of ${RECOVERY_CODE_COUNT} recovery codes unused.`
          : 'Counting recovery codes…'}
      </Text>
      <CodeForm
        label="Current code for new recovery codes"
        submit="Get new recovery codes"
        onSubmit={regenerate}
      />
    </Stack>
  );
}
