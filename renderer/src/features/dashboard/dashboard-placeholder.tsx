// Stands in for the Reading Dashboard until the dashboard issue builds it (it replaces this component).
import { Container, Text, Title } from '@mantine/core';

export function DashboardPlaceholder() {
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Reading Dashboard</Title>
      <Text c="dimmed">Track your progress and achieve your reading goals</Text>
    </Container>
  );
}
