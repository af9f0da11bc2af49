// /worktemplate (SPEC.md §1, §2 "Work template"): a work page filled with hard-coded sample data, to show
// the layout. It makes no calls at all: every action only changes this page.
import { Alert, Badge, Button, Container, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { BookCover } from '../../components/book-cover';
import { usePageTitle } from '../../hooks/use-page-title';
import { AddToListsDialog } from './add-to-lists-dialog';
import { SampleInsights } from './sample-insights';
import { SampleReviewDialog } from './sample-review-dialog';
import { SAMPLE_WORK } from './sample-work';
import { useMockAction } from './use-mock-action';

function EditionFact({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right">
        {value}
      </Text>
    </Group>
  );
}

export function WorkTemplatePage() {
  usePageTitle('Work Template');
  const [dialog, setDialog] = useState<'lists' | 'review' | null>(null);
  const [reading, setReading] = useState(false);
  const [starting, start] = useMockAction();
  const work = SAMPLE_WORK;
  const average = (work.ratingSum / work.ratingCount).toFixed(2);

  return (
    <Container size="lg" py="xl" px="md">
      <Stack gap="lg">
        <Alert color="gray">This is a sample page with example data.</Alert>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <Group align="flex-start" gap="lg" wrap="wrap">
                <BookCover url={null} title={work.title} width={120} />
                <Stack gap="xs" miw={0} style={{ flex: '1 1 240px' }}>
                  <Title order={1}>{work.title}</Title>
                  <Text>by {work.authors.join(', ')}</Text>
                  <Text size="sm" c="dimmed">
                    First published {work.firstPublished}
                  </Text>
                  <Text size="sm">
                    <b>{average}</b> ({work.ratingCount} ratings)
                  </Text>
                  <Group gap={6}>
                    {work.genres.map((genre) => (
                      <Badge key={genre} variant="light">
                        {genre}
                      </Badge>
                    ))}
                  </Group>
                </Stack>
              </Group>
              <Group gap="sm" wrap="wrap">
                <Button loading={starting} disabled={reading} onClick={() => start(() => setReading(true))}>
                  {reading ? 'Currently Reading' : 'Start Reading'}
                </Button>
                <Button variant="default" onClick={() => setDialog('lists')}>
                  Add to List
                </Button>
                <Button variant="default" onClick={() => setDialog('review')}>
                  Add Review
                </Button>
              </Group>
              <Stack gap="xs" component="section" aria-labelledby="template-about">
                <Title order={2} size="h3" id="template-about">
                  About this book
                </Title>
                <Text>{work.description}</Text>
              </Stack>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              <Paper withBorder p="md" component="section" aria-labelledby="template-edition">
                <Stack gap={6}>
                  <Title order={2} size="h4" id="template-edition">
                    This Edition
                  </Title>
                  <EditionFact label="Publisher" value={work.edition.publisher} />
                  <EditionFact label="Year" value={String(work.edition.year)} />
                  <EditionFact label="Pages" value={String(work.edition.pages)} />
                  <EditionFact label="Format" value="Hardcover" />
                  <EditionFact label="ISBN-10" value={work.edition.isbn10} />
                  <EditionFact label="ISBN-13" value={work.edition.isbn13} />
                </Stack>
              </Paper>
              <SampleInsights />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
      <AddToListsDialog opened={dialog === 'lists'} onClose={() => setDialog(null)} />
      <SampleReviewDialog opened={dialog === 'review'} onClose={() => setDialog(null)} />
    </Container>
  );
}
