// The goal dialog (SPEC.md §4 "Goal dialog", §5 "Goal"): 'Add Reading Goal' picks a type not yet set,
// 'Edit Reading Goal' changes the target of one. A quantity that is not a positive integer closes the
// dialog without saving, as the spec says.
import { Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { ReadingGoal } from '@shared/api/goals';
import type { GoalType } from '@shared/domain/reading-stats';
import type { DashboardActions } from './dashboard-actions';
import { GOAL_TYPE_LABELS } from './goal-text';
import { useLastGiven } from './use-last-given';
import type { NumberField } from './progress-form';
import { parseNumberField } from './progress-form';

export type GoalDialogState =
  { mode: 'add'; types: readonly GoalType[] } | { mode: 'edit'; goal: ReadingGoal } | null;

export interface GoalDialogProps {
  state: GoalDialogState;
  onClose: () => void;
  onSave: DashboardActions['saveGoal'];
}

export function GoalDialog({ state, onClose, onSave }: GoalDialogProps) {
  const shown = useLastGiven(state);
  return (
    <Modal
      opened={state !== null}
      onClose={onClose}
      title={shown?.mode === 'edit' ? 'Edit Reading Goal' : 'Add Reading Goal'}
    >
      {shown && (
        <GoalForm
          key={shown.mode === 'edit' ? shown.goal.goal_type : 'add'}
          state={shown}
          onClose={onClose}
          onSave={onSave}
        />
      )}
    </Modal>
  );
}

function GoalForm({ state, onClose, onSave }: GoalDialogProps & { state: NonNullable<GoalDialogState> }) {
  const types = state.mode === 'edit' ? [state.goal.goal_type] : state.types;
  const [goalType, setGoalType] = useState<GoalType | undefined>(types[0]);
  const [quantity, setQuantity] = useState<NumberField>(state.mode === 'edit' ? state.goal.target_qty : '');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const target = parseNumberField(quantity);
    if (!goalType || target === null || !Number.isInteger(target) || target <= 0) {
      onClose();
      return;
    }
    setBusy(true);
    try {
      await onSave(goalType, target);
    } catch (failure) {
      // SPEC.md §8: goal failures are logged only.
      console.warn('Saving the reading goal failed', failure);
    }
    onClose();
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        {state.mode === 'add' ? (
          <SegmentedControl
            aria-label="Goal type"
            data={types.map((t) => ({ value: t, label: GOAL_TYPE_LABELS[t] }))}
            value={goalType}
            onChange={(value) => setGoalType(value as GoalType)}
          />
        ) : (
          <Text fw={600}>{GOAL_TYPE_LABELS[state.goal.goal_type]}</Text>
        )}
        <NumberInput
          label="Target"
          description={goalType ? `${GOAL_TYPE_LABELS[goalType].toLowerCase()} this year` : undefined}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={quantity}
          onChange={setQuantity}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save Goal
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
