// The Reading Dashboard's layout (SPEC.md §2): books being read and friends' activity on the left; goals,
// streak and recommendations on the right; one column below the md breakpoint. It only lays out what it
// is given, so the real dashboard and the /hometemplate sample look the same: the real one is given the
// real Friends Activity and Recommended for You panels, the template its fixed samples.
import { Container, Grid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ReadingGoal } from '@shared/api/goals';
import type { CurrentlyReadingItem } from '@shared/api/reading';
import { CurrentlyReadingCard } from './currently-reading-card';
import type { BookLinks, DashboardActions } from './dashboard-actions';
import { GoalsCard } from './goals-card';
import { StreakCard } from './streak-card';

export interface DashboardViewProps {
  currentlyReading: {
    items: readonly CurrentlyReadingItem[] | undefined;
    loading: boolean;
    error: string | null;
  };
  goals: { year: number; goals: readonly ReadingGoal[] | undefined; loading: boolean; today: string };
  streak: { streak: number | undefined; loading: boolean };
  actions: DashboardActions;
  links: BookLinks;
  friendsActivity: ReactNode;
  recommended: ReactNode;
}

export function DashboardView({
  currentlyReading,
  goals,
  streak,
  actions,
  links,
  friendsActivity,
  recommended,
}: DashboardViewProps) {
  return (
    <Container size="xl" py="xl" px={{ base: 'sm', xs: 'md' }}>
      <Stack gap={4} mb="lg">
        <Title order={1}>Reading Dashboard</Title>
        <Text c="dimmed">Track your progress and achieve your reading goals</Text>
      </Stack>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <CurrentlyReadingCard {...currentlyReading} links={links} logEvent={actions.logEvent} />
            {friendsActivity}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <GoalsCard {...goals} saveGoal={actions.saveGoal} />
            <StreakCard {...streak} />
            {recommended}
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
