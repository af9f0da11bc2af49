// Which barcodes on a book are its ISBN: the EAN-13 "Bookland" codes, prefixes 978 and 979, with a right
// check digit. A price add-on (EAN-5), a UPC on a magazine or a misread that lost a digit is not an ISBN,
// and looking one up would only tell the reader "No books found".
import { hasValidCheckDigit } from '@shared/domain/isbn';

/** The ISBN-13 a scanned barcode carries, or null when the code is not one. */
export function isbnFromBarcode(rawValue: string): string | null {
  const digits = rawValue.trim();
  if (!/^97[89]\d{10}$/.test(digits)) return null;
  return hasValidCheckDigit(digits) ? digits : null;
}
