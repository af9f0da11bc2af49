// The landing page's search (issue 28): anyone may search the catalogue before signing up.
import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { searchPath } from '../../paths';

export function LandingSearch() {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  function submit(event: FormEvent) {
    event.preventDefault();
    const path = searchPath(text);
    if (path) void navigate(path);
  }
  return (
    <form role="search" aria-label="Search the catalogue" onSubmit={submit} style={{ width: '100%' }}>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          type="search"
          aria-label="Search books"
          placeholder="Search books..."
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          style={{ flex: 1 }}
          size="md"
        />
        <Button type="submit" size="md">
          Search
        </Button>
      </Group>
    </form>
  );
}
