// 'About this book' (SPEC.md §2): the shown edition's description and page count.
import { Skeleton, Stack, Text, Title } from '@mantine/core';
import type { EditionDetails, EditionView } from './edition-view';
import { WithEdition } from './edition-view';
import { useEditionFacts } from './use-edition-facts';

function AboutText({ edition }: { edition: EditionDetails }) {
  const { description, pageCount, loading } = useEditionFacts(edition);
  if (loading) return <Skeleton h={60} />;
  return (
    <>
      <Text style={{ whiteSpace: 'pre-line' }} c={description ? undefined : 'dimmed'}>
        {description ?? 'No description available.'}
      </Text>
      {pageCount !== null && <Text c="dimmed">{pageCount} pages</Text>}
    </>
  );
}

export function AboutThisBook({ view }: { view: EditionView }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="about-this-book">
      <Title order={2} size="h3" id="about-this-book">
        About this book
      </Title>
      <WithEdition view={view}>{(edition) => <AboutText edition={edition} />}</WithEdition>
    </Stack>
  );
}
