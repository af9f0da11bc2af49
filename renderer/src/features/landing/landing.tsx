import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME, TAGLINE } from '@shared/domain/product';
import { LogoMark } from '../../components/logo-mark';

/** '/' for a visitor who is not signed in (SPEC.md §2). */
export function Landing() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md">
        <LogoMark size={64} />
        <Title order={1}>{PRODUCT_NAME}</Title>
        <Text size="xl" c="dimmed" ta="center">
          {TAGLINE}
        </Text>
        <Group mt="md">
          <Button component={Link} to="/signup">
            Sign up
          </Button>
          <Button component={Link} to="/login" variant="default">
            Log in
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
