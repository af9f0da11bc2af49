import { Container, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../hooks/use-page-title';

export interface TextSection {
  heading: string;
  body: string;
}

/** A page of plain prose (terms, privacy). */
export function TextPage({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: string;
  sections: TextSection[];
}) {
  usePageTitle(title);
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{intro}</Text>
        {sections.map((section) => (
          <Stack key={section.heading} gap={4}>
            <Title order={2} size="h4">
              {section.heading}
            </Title>
            <Text>{section.body}</Text>
          </Stack>
        ))}
      </Stack>
    </Container>
  );
}
