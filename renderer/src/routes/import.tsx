// /import (issue 14): the Import and export page, for signed-in readers.
import { ImportExportPage } from '../features/imports/import-export-page';

export default function Import() {
  return <ImportExportPage />;
}
