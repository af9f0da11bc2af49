// The reader's colour scheme choice (issue 17): System (follow the OS, the default), Light or Dark,
// remembered on this device by the theme's colorSchemeManager. The user menu offers it as three radio menu
// items; the mobile drawer, which is a dialog and not a menu, as a segmented radio group.
import { Menu, SegmentedControl, Stack, Text, VisuallyHidden, useMantineColorScheme } from '@mantine/core';
import type { MantineColorScheme } from '@mantine/core';

export const COLOR_SCHEME_OPTIONS: { label: string; value: MantineColorScheme }[] = [
  { label: 'System', value: 'auto' },
  { label: 'Light', value: 'light' },
  { label: 'Dark', value: 'dark' },
];

const isScheme = (value: string): value is MantineColorScheme =>
  COLOR_SCHEME_OPTIONS.some((option) => option.value === value);

export const COLOR_SCHEME_LABEL = 'Theme';

/**
 * Three menu items; the chosen one has a check mark and, for screen readers, '(current)' in its name.
 * Mantine's items are role="menuitem", which may not carry aria-checked.
 */
export function ColorSchemeMenuItems() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <>
      <Menu.Label>{COLOR_SCHEME_LABEL}</Menu.Label>
      {COLOR_SCHEME_OPTIONS.map((option) => (
        <Menu.Item
          key={option.value}
          leftSection={<CheckMark shown={colorScheme === option.value} />}
          onClick={() => setColorScheme(option.value)}
        >
          {option.label}
          {colorScheme === option.value && <VisuallyHidden> (current)</VisuallyHidden>}
        </Menu.Item>
      ))}
    </>
  );
}

function CheckMark({ shown }: { shown: boolean }) {
  return (
    <svg width={14} height={14} viewBox="0 0 16 16" aria-hidden focusable={false}>
      {shown && (
        <path
          d="M3 8.5l3.2 3L13 4.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      )}
    </svg>
  );
}

/** The same choice as a radio group, for the mobile drawer. */
export function ColorSchemeControl() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Stack gap={4} px="sm" role="radiogroup" aria-labelledby="color-scheme-label">
      <Text id="color-scheme-label" size="xs" fw={700} c="dimmed" tt="uppercase">
        {COLOR_SCHEME_LABEL}
      </Text>
      <SegmentedControl
        fullWidth
        size="sm"
        value={colorScheme}
        onChange={(value) => isScheme(value) && setColorScheme(value)}
        data={COLOR_SCHEME_OPTIONS}
      />
    </Stack>
  );
}
