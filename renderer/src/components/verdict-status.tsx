// The outcome of an admin's last action on a queue page ("Removed.", "Approved …"). The status region is
// always in the page, empty until a verdict, so a screen reader announces the verdict when it appears.
import { Text } from '@mantine/core';

export function VerdictStatus({ verdict }: { verdict: string | null }) {
  return (
    <div role="status">
      {verdict && (
        <Text c="green" size="sm" fw={600}>
          {verdict}
        </Text>
      )}
    </div>
  );
}
