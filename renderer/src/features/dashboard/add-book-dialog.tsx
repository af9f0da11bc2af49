// 'Add Book' from the empty Currently Reading card. SPEC.md does not say where it leads; books are started
// from their work page ('Start Reading'), so this asks what to look for and opens the search results, from
// which the reader reaches that page. 'Scan barcode' goes straight to the scanned book's page (issue 29).
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { searchPath } from '../../paths';
import { ScanBarcodeButton } from '../barcode/scan-barcode-button';

export function AddBookDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [text, setText] = useState('');
  const navigate = useNavigate();

  function submit(event: FormEvent) {
    event.preventDefault();
    const path = searchPath(text);
    if (!path) return;
    onClose();
    void navigate(path);
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Add Book">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Find the book, open it and press Start Reading.
          </Text>
          <TextInput
            label="Title, author or ISBN"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="space-between">
            <ScanBarcodeButton onFound={onClose} />
            <Button type="submit" disabled={text.trim() === ''}>
              Search
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
