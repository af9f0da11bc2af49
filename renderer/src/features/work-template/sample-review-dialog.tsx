import { Button, Group, Modal, Rating, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useMockAction } from './use-mock-action';

/** The sample review dialog: saving only pretends for a second, then closes (no real calls). */
export function SampleReviewDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [rating, setRating] = useState(0);
  const [saving, save] = useMockAction();
  return (
    <Modal
      opened={opened}
      onClose={() => !saving && onClose()}
      title="Write Review"
      centered
      closeOnEscape={!saving}
      closeOnClickOutside={!saving}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="sample-rating">
            Rating
          </Text>
          <Rating value={rating} onChange={setRating} fractions={4} aria-labelledby="sample-rating" />
        </Stack>
        <TextInput label="Headline" maxLength={200} />
        <Textarea label="Review" rows={4} maxLength={2000} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button loading={saving} onClick={() => save(onClose)}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
