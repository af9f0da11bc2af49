// Every field of the review dialog (SPEC.md §3, §5): rating, headline, review text, spoiler flag, tone,
// pace, story focus, recommendation, moods, qualities and content warnings. It only shows the form state
// and reports changes; the rules live in review-form.ts.
import {
  Button,
  Checkbox,
  Group,
  Input,
  Radio,
  Rating,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useId } from 'react';
import type { ReviewOption } from '@shared/domain/review-options';
import { MOODS, PACES, QUALITIES, REVIEW_LIMITS, STORY_FOCUSES, TONES } from '@shared/domain/review-options';
import { ChoiceChips } from './choice-chips';
import { ContentWarningsField } from './content-warnings-field';
import { charCount } from './review-form';
import type { ReviewFormErrors, ReviewFormState } from './review-form';

export const ratingLabel = (value: number) => `${value} ${value === 1 ? 'star' : 'stars'}`;

/**
 * An optional choice: nothing is picked until the reader picks (a pre-picked value would be a vote they
 * never cast), and 'Clear' takes a pick back, since a radio group alone cannot return to none.
 */
function OptionRadios({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly ReviewOption[];
  value: number | null;
  onChange: (value: number | null) => void;
}) {
  return (
    <Radio.Group
      label={label}
      description="Optional"
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(Number(next))}
    >
      <Group gap="md" mt={6}>
        {options.map((option) => (
          <Radio key={option.id} value={String(option.id)} label={option.label} />
        ))}
        {value !== null && (
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            onClick={() => onChange(null)}
            aria-label={`Clear ${label.toLowerCase()}`}
          >
            Clear
          </Button>
        )}
      </Group>
    </Radio.Group>
  );
}

const RECOMMEND_CHOICES = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
  { value: 'skip', label: 'Skip' },
] as const;

const recommendValue = (recommend: boolean | null) =>
  recommend === null ? 'skip' : recommend ? 'yes' : 'no';
const recommendFrom = (value: string): boolean | null => (value === 'skip' ? null : value === 'yes');

export interface ReviewFormFieldsProps {
  form: ReviewFormState;
  errors: ReviewFormErrors;
  onChange: (patch: Partial<ReviewFormState>) => void;
  onToggleMood: (id: number) => void;
  onToggleQuality: (id: number) => void;
}

export function ReviewFormFields({
  form,
  errors,
  onChange,
  onToggleMood,
  onToggleQuality,
}: ReviewFormFieldsProps) {
  const ratingId = useId();
  return (
    <Stack gap="md">
      <Input.Wrapper
        id={ratingId}
        label="Rating"
        required
        error={errors.rating}
        labelElement="div"
        data-field="rating"
      >
        {/* Enter picks a star (Rating handles it); it must not also submit the form around it. */}
        <Group
          gap="sm"
          mt={4}
          wrap="nowrap"
          onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
        >
          <Rating
            value={form.rating}
            onChange={(rating) => onChange({ rating })}
            fractions={1 / REVIEW_LIMITS.ratingStep}
            size="lg"
            getSymbolLabel={ratingLabel}
            role="radiogroup"
            aria-labelledby={`${ratingId}-label`}
            aria-describedby={errors.rating ? `${ratingId}-error` : undefined}
          />
          <Text size="sm" c="dimmed" aria-live="polite">
            {form.rating > 0 ? `${form.rating} / 5` : 'Not rated'}
          </Text>
        </Group>
      </Input.Wrapper>

      <TextInput
        label="Headline"
        data-field="headline"
        value={form.headline}
        onChange={(event) => onChange({ headline: event.currentTarget.value })}
        description={`${charCount(form.headline.trim())}/${REVIEW_LIMITS.headlineMax}`}
        error={errors.headline}
      />
      <Textarea
        label="Review"
        data-field="body"
        value={form.body}
        onChange={(event) => onChange({ body: event.currentTarget.value })}
        description={`Optional, ${charCount(form.body.trim())}/${REVIEW_LIMITS.bodyMax}`}
        error={errors.body}
        rows={6}
        resize="vertical"
      />
      <Checkbox
        label="This review contains spoilers"
        checked={form.spoiler}
        onChange={(event) => onChange({ spoiler: event.currentTarget.checked })}
      />

      <OptionRadios label="Tone" options={TONES} value={form.tone} onChange={(tone) => onChange({ tone })} />
      <OptionRadios label="Pace" options={PACES} value={form.pace} onChange={(pace) => onChange({ pace })} />
      <OptionRadios
        label="Story focus"
        options={STORY_FOCUSES}
        value={form.storyFocus}
        onChange={(storyFocus) => onChange({ storyFocus })}
      />
      <Radio.Group
        label="Would you recommend it?"
        value={recommendValue(form.recommend)}
        onChange={(value) => onChange({ recommend: recommendFrom(value) })}
      >
        <Group gap="md" mt={6}>
          {RECOMMEND_CHOICES.map((choice) => (
            <Radio key={choice.value} value={choice.value} label={choice.label} />
          ))}
        </Group>
      </Radio.Group>

      <ChoiceChips
        label="Moods"
        field="moods"
        description={`Up to ${REVIEW_LIMITS.moodsMax}`}
        options={MOODS}
        selected={form.moods}
        onToggle={onToggleMood}
        error={errors.moods}
      />
      <ChoiceChips
        label="Qualities"
        field="qualities"
        description={`Up to ${REVIEW_LIMITS.qualitiesMax}`}
        options={QUALITIES}
        selected={form.qualities}
        onToggle={onToggleQuality}
        error={errors.qualities}
      />
      <ContentWarningsField warnings={form.warnings} onChange={(warnings) => onChange({ warnings })} />
    </Stack>
  );
}
