// The barcode scanner (issue 29): the camera's picture, a live region that says what is happening, and a
// field for typing the ISBN, which is always there: for a reader without a camera, one who refused it, or
// one who cannot aim a phone. Loaded only when a reader opens it (scan-barcode-button.tsx).
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useCallback, useState } from 'react';
import type { FormEvent } from 'react';
import { normalizeIsbn } from '@shared/domain/isbn';
import { SCAN_BARCODE } from './scan-barcode-label';
import { scannerStatus } from './scanner-messages';
import { useCameraScan } from './use-camera-scan';
import { useIsbnLookup } from './use-isbn-lookup';

export const TYPE_THE_ISBN = 'Or type the ISBN';
export const INVALID_ISBN = 'Enter a valid ISBN-10 or ISBN-13.';

export default function ScannerDialog({ onClose, onFound }: { onClose: () => void; onFound: () => void }) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [attempts, setAttempts] = useState(0);
  const [cameraWanted, setCameraWanted] = useState(true);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const { lookup, lookUp, reset } = useIsbnLookup(onFound);

  const onIsbn = useCallback(
    (isbn: string) => {
      setCameraWanted(false);
      void lookUp(isbn);
    },
    [lookUp],
  );
  const scan = useCameraScan(video, cameraWanted ? attempts : null, onIsbn);
  const busy = lookup.kind === 'checking' || lookup.kind === 'importing';
  const cameraShown = scan.kind === 'starting' || scan.kind === 'scanning';
  const cameraFailed = scan.kind === 'camera-failed' || scan.kind === 'reader-failed';
  const failed = lookup.kind === 'failed' || lookup.kind === 'not-found' || cameraFailed;

  function submitTyped(event: FormEvent) {
    event.preventDefault();
    // The dialog is portalled out of the search box's form in the page, but React still bubbles the submit
    // to it: it must not also search for the typed text.
    event.stopPropagation();
    const isbn = normalizeIsbn(typed);
    if (!isbn) {
      setTypedError(INVALID_ISBN);
      return;
    }
    setTypedError(null);
    setCameraWanted(false);
    void lookUp(isbn);
  }

  function scanAgain() {
    reset();
    setAttempts((count) => count + 1);
    setCameraWanted(true);
  }

  return (
    <Modal opened onClose={onClose} title={SCAN_BARCODE} zIndex={400}>
      <Stack gap="sm">
        <video
          ref={setVideo}
          muted
          playsInline
          aria-label="Camera view"
          style={{
            display: cameraShown ? 'block' : 'none',
            width: '100%',
            maxHeight: '50vh',
            objectFit: 'cover',
            borderRadius: 'var(--mantine-radius-sm)',
            background: 'var(--mantine-color-dark-7)',
          }}
        />
        <Alert
          color={failed ? 'red' : busy ? 'blue' : 'gray'}
          variant="light"
          role="status"
          aria-live="polite"
        >
          {scannerStatus(scan, lookup)}
        </Alert>
        {!busy && (!cameraWanted || cameraFailed) && (
          <Group>
            <Button variant="default" onClick={scanAgain}>
              Scan again
            </Button>
          </Group>
        )}
        <form onSubmit={submitTyped} noValidate>
          <Stack gap="xs">
            <Text size="sm" fw={500} component="h3" m={0}>
              {TYPE_THE_ISBN}
            </Text>
            <Group align="flex-start" gap="xs" wrap="nowrap">
              <TextInput
                label="ISBN"
                inputMode="numeric"
                autoComplete="off"
                value={typed}
                onChange={(event) => setTyped(event.currentTarget.value)}
                error={typedError}
                style={{ flex: 1 }}
              />
              <Button type="submit" mt={25} disabled={busy || typed.trim() === ''}>
                Look up
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
