// Content warnings in the review dialog: one severity choice (None, Minor, Moderate, Severe) per warning
// of SPEC.md §3. Native selects keep eight choices compact on a phone and work with any keyboard.
import { Fieldset, NativeSelect, SimpleGrid } from '@mantine/core';
import { CONTENT_WARNINGS, WARNING_SEVERITIES } from '@shared/domain/review-options';

// The legend reads like the dialog's other field labels.
const LEGEND_LIKE_LABELS = {
  legend: {
    fontWeight: 'var(--mantine-font-weight-medium)',
    fontSize: 'var(--mantine-font-size-sm)',
    padding: 0,
    marginBottom: 6,
  },
};

const severityChoices = WARNING_SEVERITIES.map((s) => ({ value: String(s.id), label: s.label }));

export function ContentWarningsField({
  warnings,
  onChange,
}: {
  warnings: Readonly<Record<string, number>>;
  onChange: (warnings: Record<string, number>) => void;
}) {
  return (
    <Fieldset legend="Content warnings" variant="unstyled" p={0} m={0} styles={LEGEND_LIKE_LABELS}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
        {CONTENT_WARNINGS.map((warning) => {
          const key = String(warning.id);
          return (
            <NativeSelect
              key={key}
              label={warning.label}
              size="sm"
              data={severityChoices}
              value={String(warnings[key] ?? 0)}
              onChange={(event) => onChange({ ...warnings, [key]: Number(event.currentTarget.value) })}
            />
          );
        })}
      </SimpleGrid>
    </Fieldset>
  );
}
