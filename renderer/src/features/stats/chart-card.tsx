// One insight on /stats: a titled section with its chart, a friendly line when there is nothing to show, and
// an accessible alternative (a visually hidden table) that says what the chart shows.
import { Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useId } from 'react';

export interface ChartTableProps {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly (string | number)[])[];
}

/** The figures behind a chart as a table, read by screen readers and not shown on screen. */
export function ChartTable({ caption, columns, rows }: ChartTableProps) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) =>
                j === 0 ? (
                  <th key={j} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={j}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}

export function ChartCard({
  title,
  empty,
  children,
}: {
  title: string;
  /** Shown instead of the chart when there is nothing to chart. */
  empty: string | null;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={id} miw={0}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {empty ? (
          <Text c="dimmed" size="sm">
            {empty}
          </Text>
        ) : (
          children
        )}
      </Stack>
    </Paper>
  );
}
