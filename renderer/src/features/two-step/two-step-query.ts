// Where the session stands on two-step sign-in, read once per session change and shared by the screens
// that ask (login, settings, admin tools).
import { useQuery } from '@tanstack/react-query';
import { useBackend } from '../../platform/backend-context';
import { useSession } from '../../session/session-context';

export const twoStepQueryKey = (userId: string | null) => ['two-step', userId] as const;

export function useTwoStep() {
  const backend = useBackend();
  const { user } = useSession();
  return useQuery({
    queryKey: twoStepQueryKey(user?.id ?? null),
    queryFn: () => backend.twoStep(),
    enabled: user !== null,
  });
}
