/** The button's name and the scanner's title. */
export const SCAN_BARCODE = 'Scan barcode';
