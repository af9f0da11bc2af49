/**
 * An edition's cover: its own stored URL, else Open Library's cover for its ISBN. `default=false` makes a
 * missing cover a 404 rather than a blank image, so the client shows its 'No Cover' placeholder.
 */
export function coverUrl(stored: string | null, isbn: string | null, coversBase: string): string | null {
  if (stored) return stored;
  return isbn ? `${coversBase}/b/isbn/${isbn}-M.jpg?default=false` : null;
}
