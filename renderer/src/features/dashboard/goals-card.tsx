// The goals card '{year} Goals' (SPEC.md §2 "Dashboard", §9): a tab per goal type when there is more than
// one goal, a bar capped at 100%, the pace against an even spread over the year, a plus button while goal
// types remain unused, and 'No goals set for {year}' with 'Set Goal'.
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useId, useState } from 'react';
import type { ReadingGoal } from '@shared/api/goals';
import { GOAL_TYPES, goalPercent } from '@shared/domain/reading-stats';
import type { DashboardActions } from './dashboard-actions';
import type { GoalDialogState } from './goal-dialog';
import { GoalDialog } from './goal-dialog';
import { GOAL_TYPE_LABELS, formatGoalFigure, paceText } from './goal-text';
import { PencilIcon, PlusIcon } from '../../components/icons';

export interface GoalsCardProps {
  year: number;
  /** Undefined while loading or when they could not be loaded (failures are logged only). */
  goals: readonly ReadingGoal[] | undefined;
  loading: boolean;
  /** Today in the reader's zone, 'YYYY-MM-DD', for the pace. */
  today: string;
  saveGoal: DashboardActions['saveGoal'];
}

export function GoalsCard({ year, goals, loading, today, saveGoal }: GoalsCardProps) {
  const titleId = useId();
  const [dialog, setDialog] = useState<GoalDialogState>(null);
  const [tab, setTab] = useState<string | null>(null);
  const unused = GOAL_TYPES.filter((type) => !goals?.some((g) => g.goal_type === type));
  const addGoal = () => setDialog({ mode: 'add', types: unused });
  const editGoal = (goal: ReadingGoal) => setDialog({ mode: 'edit', goal });
  const shownTab = goals?.some((g) => g.goal_type === tab) ? tab : (goals?.[0]?.goal_type ?? null);

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h3" id={titleId}>
          {year} Goals
        </Title>
        {goals && goals.length > 0 && unused.length > 0 && (
          <ActionIcon variant="light" aria-label="Add goal" onClick={addGoal}>
            <PlusIcon />
          </ActionIcon>
        )}
      </Group>

      {loading && <Skeleton h={60} aria-label="Loading goals" />}

      {goals && goals.length === 0 && (
        <Stack align="center" gap="xs" py="sm">
          <Text c="dimmed">No goals set for {year}</Text>
          <Button onClick={addGoal}>Set Goal</Button>
        </Stack>
      )}

      {goals && goals.length === 1 && (
        <GoalPanel goal={goals[0] as ReadingGoal} today={today} onEdit={editGoal} />
      )}

      {goals && goals.length > 1 && (
        <Tabs value={shownTab} onChange={setTab}>
          <Tabs.List grow>
            {goals.map((goal) => (
              <Tabs.Tab key={goal.goal_type} value={goal.goal_type}>
                {GOAL_TYPE_LABELS[goal.goal_type]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {goals.map((goal) => (
            <Tabs.Panel key={goal.goal_type} value={goal.goal_type} pt="sm">
              <GoalPanel goal={goal} today={today} onEdit={editGoal} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}

      <GoalDialog state={dialog} onClose={() => setDialog(null)} onSave={saveGoal} />
    </Paper>
  );
}

function GoalPanel({
  goal,
  today,
  onEdit,
}: {
  goal: ReadingGoal;
  today: string;
  onEdit: (goal: ReadingGoal) => void;
}) {
  const label = GOAL_TYPE_LABELS[goal.goal_type];
  const percent = goalPercent(goal.target_qty, goal.progress);
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text>
          <Text span fw={700} size="xl">
            {formatGoalFigure(goal.progress)}
          </Text>{' '}
          / {formatGoalFigure(goal.target_qty)} {label.toLowerCase()}
        </Text>
        <ActionIcon
          variant="subtle"
          aria-label={`Edit ${label.toLowerCase()} goal`}
          onClick={() => onEdit(goal)}
        >
          <PencilIcon />
        </ActionIcon>
      </Group>
      <Progress value={percent} aria-label={`${label} goal progress`} />
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {percent}% complete
        </Text>
        <Text size="sm" fw={500}>
          {paceText(goal.target_qty, goal.progress, today)}
        </Text>
      </Group>
    </Stack>
  );
}
