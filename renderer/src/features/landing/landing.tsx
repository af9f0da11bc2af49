import { Container, Stack, Text, Title } from '@mantine/core';
import { PRODUCT_NAME, TAGLINE } from '@shared/domain/product';
import { JoinButtons } from '../../components/join-buttons';
import { LogoMark } from '../../components/logo-mark';
import { LandingSearch } from './landing-search';
import { LandingTrending } from './landing-trending';

/**
 * '/' for a visitor who is not signed in (SPEC.md §2): the name and tagline, then (issue 28) a search box
 * and this week's trending works, since anyone may browse.
 */
export function Landing() {
  return (
    <Container size="lg" py={{ base: 40, sm: 80 }} px={{ base: 'sm', xs: 'md' }}>
      <Stack align="center" gap="xl">
        <Stack align="center" gap="md">
          <LogoMark size={64} />
          <Title order={1}>{PRODUCT_NAME}</Title>
          <Text size="xl" c="dimmed" ta="center">
            {TAGLINE}
          </Text>
          <JoinButtons mt="md" />
        </Stack>
        <Stack w="100%" maw={560}>
          <LandingSearch />
        </Stack>
        <LandingTrending />
      </Stack>
    </Container>
  );
}
