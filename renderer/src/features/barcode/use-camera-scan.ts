// Runs the camera and the barcode reader while the scanner wants them: a few reads a second (a phone keeps
// up, and the page stays responsive), stopping the camera as soon as an ISBN is seen or the dialog closes.
import { useEffect, useEffectEvent, useState } from 'react';
import { createBarcodeReader } from './barcode-reader';
import { CameraError, openRearCamera, stopCamera } from './camera';
import type { CameraFailure } from './camera';
import { isbnFromBarcode } from './scanned-isbn';

export type CameraScan =
  | { kind: 'starting' }
  | { kind: 'scanning'; sawOtherCode: boolean }
  | { kind: 'camera-failed'; failure: CameraFailure }
  | { kind: 'reader-failed' }
  | { kind: 'stopped' };

const READ_INTERVAL_MS = 250;
const STARTING: CameraScan = { kind: 'starting' };
const STOPPED: CameraScan = { kind: 'stopped' };

function showStream(video: HTMLVideoElement, stream: MediaStream): Promise<void> {
  video.srcObject = stream;
  // A refused autoplay leaves a still picture, which the reader can still read.
  return video.play().catch(() => undefined);
}

/**
 * `attempt` numbers each time the scanner asks for the camera (null: not now), so an answer from an
 * earlier attempt never shows as this one's.
 */
export function useCameraScan(
  video: HTMLVideoElement | null,
  attempt: number | null,
  onIsbn: (isbn: string) => void,
): CameraScan {
  const [scan, setScan] = useState<{ attempt: number; scan: CameraScan } | null>(null);
  const foundIsbn = useEffectEvent(onIsbn);

  useEffect(() => {
    if (attempt === null || !video) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    const report = (next: CameraScan) => {
      if (!cancelled) setScan({ attempt, scan: next });
    };

    async function start(element: HTMLVideoElement) {
      try {
        stream = await openRearCamera();
      } catch (error) {
        report({ kind: 'camera-failed', failure: error instanceof CameraError ? error.failure : 'busy' });
        return;
      }
      if (cancelled) return stopCamera(stream);
      await showStream(element, stream);
      let reader;
      try {
        reader = await createBarcodeReader();
      } catch {
        report({ kind: 'reader-failed' });
        return stopCamera(stream);
      }
      report({ kind: 'scanning', sawOtherCode: false });

      const readOnce = async () => {
        if (cancelled) return;
        const values = await reader.read(element).catch(() => []);
        if (cancelled) return;
        const isbn = values.map(isbnFromBarcode).find((value) => value !== null);
        if (isbn) {
          stopCamera(stream);
          foundIsbn(isbn);
          return;
        }
        if (values.length > 0) report({ kind: 'scanning', sawOtherCode: true });
        timer = setTimeout(() => void readOnce(), READ_INTERVAL_MS);
      };
      void readOnce();
    }

    void start(video);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stopCamera(stream);
    };
  }, [attempt, video]);

  if (attempt === null) return STOPPED;
  return scan?.attempt === attempt ? scan.scan : STARTING;
}
