// Which edition the work page shows (SPEC.md §2 "Work page"): the path's edition, else the `?edition=`
// query, else the work's primary edition, else its first edition (a work nobody chose a primary for).

export interface EditionChoiceInput {
  pathEditionId: string | undefined;
  queryEditionId: string | null;
  primaryEditionId: string | null;
  /** The work's editions in the server's order; undefined while they load. */
  editions: readonly { id: string }[] | undefined;
}

export function chooseEditionId({
  pathEditionId,
  queryEditionId,
  primaryEditionId,
  editions,
}: EditionChoiceInput): string | null {
  const asked = pathEditionId?.trim() || queryEditionId?.trim();
  if (asked) return asked;
  return primaryEditionId ?? editions?.[0]?.id ?? null;
}
