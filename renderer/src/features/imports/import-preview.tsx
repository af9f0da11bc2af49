// The first rows of the chosen file and how each will be read: the shelves it lands on, its dated reads,
// its rating, and what the importer will look the book up by. A table, scrolled sideways inside itself on a
// phone rather than squeezed (tables are two-dimensional content; WCAG 1.4.10 allows it).
import { Stack, Table, Text } from '@mantine/core';
import type { ImportPreviewRow } from '@shared/api/imports';
import { datesWords, matchWords, ratingWords, readsWords, shelfWords } from './preview-words';

export function ImportPreview({ rows, totalRows }: { rows: ImportPreviewRow[]; totalRows: number }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="import-preview-heading">
      <Text component="h3" fw={600} id="import-preview-heading">
        Preview: the first {rows.length} of {totalRows.toLocaleString('en-US')} rows
      </Text>
      {/* Focusable, so a keyboard can scroll it sideways on a phone (axe: scrollable-region-focusable). */}
      <Table.ScrollContainer
        minWidth={640}
        type="native"
        tabIndex={0}
        role="region"
        aria-label="Preview rows"
        className="mantine-focus-auto"
      >
        <Table striped verticalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Row</Table.Th>
              <Table.Th scope="col">Book</Table.Th>
              <Table.Th scope="col">Shelves</Table.Th>
              <Table.Th scope="col">Dates</Table.Th>
              <Table.Th scope="col">Rating</Table.Th>
              <Table.Th scope="col">Found by</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.row}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {row.title || 'Untitled'}
                  </Text>
                  {row.authors.length > 0 && (
                    <Text size="xs" c="dimmed">
                      {row.authors.join(', ')}
                    </Text>
                  )}
                  {row.has_review && (
                    <Text size="xs" c="dimmed">
                      With a review
                    </Text>
                  )}
                  {row.problem && (
                    <Text size="xs" c="red.8">
                      Will fail: {row.problem}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{shelfWords(row)}</Table.Td>
                <Table.Td>
                  {row.dates
                    ? datesWords(row.dates).map((line) => <div key={line}>{line}</div>)
                    : readsWords(row.reads)}
                </Table.Td>
                <Table.Td>{ratingWords(row.rating)}</Table.Td>
                <Table.Td>{matchWords(row)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
