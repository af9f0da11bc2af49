import { TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { searchPath } from '../../paths';
import { ScanBarcodeButton } from '../barcode/scan-barcode-button';

/** 'Search books...': Enter goes to /search/{trimmed text}; blank text is ignored. 'Scan barcode' sits inside. */
export function SearchBox({ onSearch, autoFocus }: { onSearch?: () => void; autoFocus?: boolean }) {
  const [text, setText] = useState('');
  const navigate = useNavigate();

  function submit(event: FormEvent) {
    event.preventDefault();
    const path = searchPath(text);
    if (!path) return;
    void navigate(path);
    setText('');
    onSearch?.();
  }

  return (
    <form role="search" onSubmit={submit} style={{ flex: 1, maxWidth: 320, minWidth: 140 }}>
      <TextInput
        type="search"
        aria-label="Search books"
        placeholder="Search books..."
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        autoFocus={autoFocus}
        // A phone's camera finds a book faster than its keyboard (issue 29).
        rightSection={<ScanBarcodeButton variant="icon" onFound={onSearch} />}
        rightSectionPointerEvents="all"
      />
    </form>
  );
}
