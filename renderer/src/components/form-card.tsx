import { Container, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of the small account forms (sign up, log in, reset, confirmations). */
export function FormCard({
  title,
  children,
  width = 440,
}: {
  title: string;
  children: ReactNode;
  width?: number;
}) {
  return (
    <Container size={width} py="xl" px="md">
      <Paper withBorder p={{ base: 'md', xs: 'xl' }}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
