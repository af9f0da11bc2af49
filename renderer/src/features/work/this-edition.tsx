// The sidebar's 'This Edition' (SPEC.md §2): publisher, year, pages, format, ISBN-10 and ISBN-13.
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { isbnPair } from '@shared/domain/isbn';
import type { EditionDetails, EditionView } from './edition-view';
import { WithEdition } from './edition-view';
import { useEditionFacts } from './use-edition-facts';
import classes from './work-page.module.css';

/** SPEC.md §2 fixes the format this panel shows ("format shown as Hardcover"), whatever the edition's is. */
const SHOWN_FORMAT = 'Hardcover';
const NOT_KNOWN = 'N/A';

function EditionFacts({ edition }: { edition: EditionDetails }) {
  const { pageCount } = useEditionFacts(edition);
  const isbn = isbnPair(edition.isbn);
  const rows: [string, string][] = [
    ['Publisher', edition.publisher ?? NOT_KNOWN],
    ['Year', edition.year === null ? NOT_KNOWN : String(edition.year)],
    ['Pages', pageCount === null ? NOT_KNOWN : String(pageCount)],
    ['Format', SHOWN_FORMAT],
    ['ISBN-10', isbn.isbn10 ?? NOT_KNOWN],
    ['ISBN-13', isbn.isbn13 ?? NOT_KNOWN],
  ];
  return (
    <Stack gap="xs">
      <Text fw={500} className={classes.breakable}>
        {edition.title}
      </Text>
      <Table variant="vertical" layout="fixed" withTableBorder={false}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={90}>{label}</Table.Th>
              <Table.Td className={classes.breakable}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

export function ThisEdition({ view }: { view: EditionView }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="this-edition">
      <Stack gap="xs">
        <Title order={2} size="h4" id="this-edition">
          This Edition
        </Title>
        <WithEdition view={view}>{(edition) => <EditionFacts edition={edition} />}</WithEdition>
      </Stack>
    </Paper>
  );
}
