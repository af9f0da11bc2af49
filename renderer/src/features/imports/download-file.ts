// Hands the reader a file made in the page (an export answer) as a download: a Blob behind an object URL,
// clicked through a temporary link, so the same code works in the browser and in the desktop window.

export function downloadFile(fileName: string, contentType: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click only starts the download; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
