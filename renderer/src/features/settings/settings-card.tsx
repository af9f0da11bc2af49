import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function SettingsCard({
  title,
  children,
  danger,
}: {
  title: string;
  children: ReactNode;
  danger?: boolean;
}) {
  return (
    <Paper
      withBorder
      p={{ base: 'md', xs: 'lg' }}
      component="section"
      aria-label={title}
      style={danger ? { borderColor: 'var(--mantine-color-red-4)' } : undefined}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" c={danger ? 'red' : undefined}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
