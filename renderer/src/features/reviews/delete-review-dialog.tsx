// The delete confirmation of SPEC.md §4. A failed delete is logged only (§8), so the dialog just closes
// and the review stays in the list.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Review } from '@shared/api/reviews';
import { useReviewActions } from './use-review-actions';

export function DeleteReviewDialog({ review, onClose }: { review: Review | null; onClose: () => void }) {
  const { remove } = useReviewActions();
  const [deleting, setDeleting] = useState(false);

  const close = () => {
    if (!deleting) onClose();
  };

  async function confirm() {
    if (!review || deleting) return;
    setDeleting(true);
    await remove(review.id);
    setDeleting(false);
    onClose();
  }

  return (
    <Modal
      opened={review !== null}
      onClose={close}
      title="Delete Review"
      centered
      closeOnEscape={!deleting}
      closeOnClickOutside={!deleting}
      closeButtonProps={{ disabled: deleting, 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text>Delete your review of this book? Your rating is removed too. This cannot be undone.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={deleting} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} disabled={deleting}>
            {deleting ? 'Deleting...' : 'Delete'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
