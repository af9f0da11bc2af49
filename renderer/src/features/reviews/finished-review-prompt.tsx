// After 'Mark as finished' (issue 25): the moment a reader is most likely to rate a book, so the dashboard
// offers the review dialog at once. It is an offer, not a hurdle: 'Skip' (or Escape) closes it and nothing
// is saved. A reader who reviewed the work before (a re-read) is offered to edit that review.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSfQuery } from '../../hooks/use-sf-query';
import { useSession } from '../../session/session-context';
import { ReviewDialog } from './review-dialog';

export interface FinishedBook {
  workId: string;
  editionId: string;
  title: string;
}

/** Mount it afresh (a new `key`) for each finished book. */
export function FinishedReviewPrompt({ book, onClose }: { book: FinishedBook; onClose: () => void }) {
  const session = useSession();
  const userId = session.status === 'signed-in' ? (session.user?.id ?? null) : null;
  const reviews = useSfQuery('work-reviews', { work_id: book.workId });
  const own = reviews.data?.reviews.find((r) => r.user_id === userId) ?? null;
  const [stage, setStage] = useState<'ask' | 'review' | 'done'>('ask');

  const finish = () => {
    setStage('done');
    onClose();
  };

  return (
    <>
      <Modal opened={stage === 'ask'} onClose={finish} title={`You finished ${book.title}`} closeOnEscape>
        <Stack gap="md">
          <Text>
            {own
              ? 'Has your view changed since your review? You can update it now.'
              : 'How was it? Your rating and a few words help other readers.'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={finish}>
              Skip
            </Button>
            <Button onClick={() => setStage('review')} disabled={reviews.isPending}>
              {own ? 'Edit Review' : 'Write Review'}
            </Button>
          </Group>
        </Stack>
      </Modal>
      {stage === 'review' && (
        <ReviewDialog opened onClose={finish} workId={book.workId} editionId={book.editionId} review={own} />
      )}
    </>
  );
}
