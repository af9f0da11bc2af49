// Import and export (issue 14): bring a Goodreads, StoryGraph or Shelfwise export in, watch it run, read
// its report, undo it; and take the library out again in any of the three formats. The import shown is
// in the address (?import=<id>), so a reload or a notification's link keeps it in view; without one, a
// running import is shown, so a reader who comes back finds it where they left it.
import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../hooks/use-page-title';
import { ExportSection } from './export-section';
import { ImportPanel } from './import-panel';
import { ImportStart } from './import-start';
import { IMPORT_PAGE_TITLE } from './import-page-title';
import { isInProgress } from './import-states';
import { PastImports, pastImportsKey, usePastImports } from './past-imports';

export function ImportExportPage() {
  usePageTitle(IMPORT_PAGE_TITLE);
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const imports = usePastImports();
  const running = imports.data?.pages[0]?.find((summary) => isInProgress(summary.state));
  const shownId = params.get('import') ?? running?.import_id ?? null;

  // A running import shown on arrival goes into the address, so it stays in view when it finishes (and
  // so stops being the running one).
  const autoShown = !params.get('import') && running ? running.import_id : null;
  useEffect(() => {
    if (autoShown) setParams({ import: autoShown }, { replace: true });
  }, [autoShown, setParams]);

  function show(importId: string) {
    setParams({ import: importId });
  }

  return (
    <Container size="md" py="xl" px="md">
      <Stack gap="lg">
        <Title order={1}>{IMPORT_PAGE_TITLE}</Title>
        <Card title="Import your library" id="import-heading">
          <Text size="sm" c="dimmed">
            Bring your books in from a Goodreads or StoryGraph export, or from a Shelfwise file. Every row is
            accounted for, importing the same file twice changes nothing, and you can undo an import.
          </Text>
          <ImportStart
            busy={Boolean(running)}
            onStarted={(importId) => {
              show(importId);
              void queryClient.invalidateQueries({ queryKey: pastImportsKey });
            }}
          />
        </Card>
        {shownId && <ImportPanel key={shownId} importId={shownId} />}
        <Card title="Export your library" id="export-heading">
          <ExportSection />
        </Card>
        <Card title="Past imports" id="past-imports-heading">
          <PastImports selectedId={shownId} onSelect={show} />
        </Card>
      </Stack>
    </Container>
  );
}

function Card({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', xs: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
