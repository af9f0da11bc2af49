// "Scan barcode" beside the search box and in Add Book (issue 29). The scanner, its reader and the
// WebAssembly file load only when a reader presses it: most visits never scan.
import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { BarcodeIcon } from '../../components/icons';
import { SCAN_BARCODE } from './scan-barcode-label';

const ScannerDialog = lazy(() => import('./scanner-dialog'));

export function ScanBarcodeButton({
  variant = 'button',
  onFound,
}: {
  variant?: 'button' | 'icon';
  /** Called when the scan led to a book (Add Book closes itself then). */
  onFound?: () => void;
}) {
  const [open, setOpen] = useState(false);

  function close() {
    setOpen(false);
  }

  return (
    <>
      {variant === 'icon' ? (
        <Tooltip label={SCAN_BARCODE}>
          <ActionIcon variant="subtle" color="gray" aria-label={SCAN_BARCODE} onClick={() => setOpen(true)}>
            <BarcodeIcon />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button variant="default" leftSection={<BarcodeIcon />} onClick={() => setOpen(true)}>
          {SCAN_BARCODE}
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <ScannerDialog
            onClose={close}
            onFound={() => {
              close();
              onFound?.();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
