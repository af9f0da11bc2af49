// What the scanner's live region says in each state (one place, so the dialog and its tests agree).
import { NEW_ISBN_NOTICE } from '../search/search-results';
import type { CameraScan } from './use-camera-scan';
import type { IsbnLookup } from './use-isbn-lookup';

export const POINT_AT_BARCODE = 'Point the camera at the barcode on the back of the book.';
export const STARTING_CAMERA = 'Starting the camera...';
export const NOT_AN_ISBN =
  'That barcode is not an ISBN. Look for the one whose number starts with 978 or 979.';
export const CAMERA_FAILURES = {
  refused:
    'Shelfwise may not use the camera. Allow it in your browser’s site settings, or type the ISBN below.',
  'no-camera': 'No camera was found on this device. Type the ISBN below instead.',
  busy: 'The camera could not be started; another app may be using it. Type the ISBN below instead.',
  unsupported: 'This browser cannot open a camera here. Type the ISBN below instead.',
} as const;
export const READER_FAILED = 'The barcode reader could not be loaded. Type the ISBN below instead.';

export function scannerStatus(scan: CameraScan, lookup: IsbnLookup): string {
  switch (lookup.kind) {
    case 'checking':
      return `Found ISBN ${lookup.isbn}. Looking it up...`;
    case 'importing':
      return `ISBN ${lookup.isbn}: ${NEW_ISBN_NOTICE}`;
    case 'not-found':
      return `No book with ISBN ${lookup.isbn} was found.`;
    case 'failed':
      return `Error: ${lookup.message}`;
    case 'idle':
      break;
  }
  switch (scan.kind) {
    case 'starting':
      return STARTING_CAMERA;
    case 'scanning':
      return scan.sawOtherCode ? NOT_AN_ISBN : POINT_AT_BARCODE;
    case 'camera-failed':
      return CAMERA_FAILURES[scan.failure];
    case 'reader-failed':
      return READER_FAILED;
    case 'stopped':
      return '';
  }
}
