// /confirm-signup, /confirm-reset and /change-email (SPEC.md §2): the mail links here rather than to the
// server, so a mail scanner that follows links cannot spend the one-time token; a person clicks through.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { FormCard } from '../../components/form-card';
import { PageLoader } from '../../components/page-loader';
import { usePageTitle } from '../../hooks/use-page-title';
import { useBackend } from '../../platform/backend-context';
import { trustedConfirmationUrl } from './confirmation-url';

export const MISSING_CONFIRMATION_URL_MESSAGE = 'Missing confirmation URL.';

export interface ConfirmationLinkPageProps {
  title: string;
  intro?: string;
  linkLabel: string;
  backLabel: string;
  backTo: string;
}

export function ConfirmationLinkPage({
  title,
  intro,
  linkLabel,
  backLabel,
  backTo,
}: ConfirmationLinkPageProps) {
  usePageTitle(title);
  const backend = useBackend();
  const raw = useSearchParams()[0].get('confirmation_url');
  const serverUrl = useQuery({
    queryKey: ['server-url'],
    queryFn: () => backend.serverUrl(),
    enabled: raw !== null,
    staleTime: Infinity,
    retry: false,
  });

  if (raw !== null && serverUrl.isPending) return <PageLoader />;
  const origins = [window.location.origin, serverUrl.data ?? ''];
  const link = trustedConfirmationUrl(raw, origins.filter(Boolean));

  return (
    <FormCard title={title}>
      {link ? (
        <Stack gap="md" align="flex-start">
          {intro && <Text>{intro}</Text>}
          <Button component="a" href={link}>
            {linkLabel}
          </Button>
        </Stack>
      ) : (
        <Stack gap="md" align="flex-start">
          <Alert color="red" role="alert" w="100%">
            {MISSING_CONFIRMATION_URL_MESSAGE}
          </Alert>
          <Button component={Link} to={backTo} variant="default">
            {backLabel}
          </Button>
        </Stack>
      )}
    </FormCard>
  );
}
