// The review dialog (SPEC.md §4): 'Write Review', or 'Edit Review' filled with the reader's review. It
// cannot be closed while saving (no Escape, no outside click, close button disabled); a successful save
// closes it, a failed one shows the server's text or 'Failed to save review'. Full screen on phones.
import { Alert, Button, Fieldset, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { Review } from '@shared/api/reviews';
import { REVIEW_MESSAGES } from '@shared/domain/review-options';
import { MOBILE_QUERY } from '../../theme';
import {
  emptyReviewForm,
  reviewFormErrors,
  reviewFormFrom,
  submitReviewPayload,
  toggleMood,
  toggleQuality,
} from './review-form';
import type { ReviewFormErrors, ReviewFormField, ReviewFormState } from './review-form';
import { ReviewFormFields } from './review-form-fields';
import { useReviewActions } from './use-review-actions';

export interface ReviewDialogProps {
  opened: boolean;
  onClose: () => void;
  workId: string;
  /** The edition the reader is looking at; a new or edited review is tied to it. */
  editionId: string | null;
  /** The reader's own review of the work, when they have one: the dialog then edits it. */
  review: Review | null;
}

const FIELD_ORDER: readonly ReviewFormField[] = ['rating', 'headline', 'body', 'moods', 'qualities'];

/**
 * Moves focus (and so the scroll position) to the first field at fault: on a phone the rating sits a
 * long scroll above the Save button, and its message would otherwise go unseen.
 */
function focusFirstProblem(form: HTMLFormElement | null, errors: ReviewFormErrors) {
  const field = FIELD_ORDER.find((f) => errors[f]);
  const holder = field ? form?.querySelector<HTMLElement>(`[data-field="${field}"]`) : null;
  if (!holder) return;
  const target = holder.matches('input, textarea')
    ? holder
    : holder.querySelector<HTMLElement>('input:checked, input');
  target?.focus();
}

/** Mount it afresh (a new `key`) for each opening, so the form starts from the review as it is now. */
export function ReviewDialog({ opened, onClose, workId, editionId, review }: ReviewDialogProps) {
  const { signedIn, save } = useReviewActions();
  const fullScreen = useMediaQuery(MOBILE_QUERY) ?? false;
  const [form, setForm] = useState<ReviewFormState>(() =>
    review ? reviewFormFrom(review) : emptyReviewForm(),
  );
  const [checked, setChecked] = useState(false);
  const [pickerErrors, setPickerErrors] = useState<ReviewFormErrors>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const title = review ? 'Edit Review' : 'Write Review';

  const fieldErrors = checked ? reviewFormErrors(form) : {};
  const errors: ReviewFormErrors = {
    ...fieldErrors,
    moods: pickerErrors.moods ?? fieldErrors.moods,
    qualities: pickerErrors.qualities ?? fieldErrors.qualities,
  };

  const change = (patch: Partial<ReviewFormState>) => {
    // Changes still in flight when saving starts are dropped, so what is saved is what stays on screen.
    if (!saving) setForm((current) => ({ ...current, ...patch }));
  };

  const toggle = (field: 'moods' | 'qualities', id: number) => {
    if (saving) return;
    const result = field === 'moods' ? toggleMood(form.moods, id) : toggleQuality(form.qualities, id);
    setForm((current) => ({ ...current, [field]: result.selected }));
    setPickerErrors((current) => ({ ...current, [field]: result.problem ?? undefined }));
  };

  const close = () => {
    if (!saving) onClose();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setFailure(null);
    if (!signedIn) {
      setFailure(REVIEW_MESSAGES.signedOut);
      return;
    }
    setChecked(true);
    const problems = reviewFormErrors(form);
    if (Object.keys(problems).length > 0) {
      focusFirstProblem(formRef.current, problems);
      return;
    }
    setSaving(true);
    const problem = await save(submitReviewPayload(form, workId, editionId ?? review?.edition_id ?? null));
    setSaving(false);
    if (problem) setFailure(problem);
    else onClose();
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      size="lg"
      fullScreen={fullScreen}
      closeOnEscape={!saving}
      closeOnClickOutside={!saving}
      closeButtonProps={{ disabled: saving, 'aria-label': 'Close' }}
    >
      <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Fieldset variant="unstyled" disabled={saving} p={0} m={0}>
            <ReviewFormFields
              form={form}
              errors={errors}
              onChange={change}
              onToggleMood={(id) => toggle('moods', id)}
              onToggleQuality={(id) => toggle('qualities', id)}
            />
          </Fieldset>
          {(failure ?? errors.form) && (
            <Alert color="red" role="alert">
              {failure ?? errors.form}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save Review
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
