// The genre filter of the discovery pages: every genre of the catalogue, or all of them.
import { NativeSelect } from '@mantine/core';
import { useSfQuery } from '../../hooks/use-sf-query';

export const ALL_GENRES = 'All genres';

export function GenreFilter({
  value,
  onChange,
}: {
  value: number | null;
  onChange(genreId: number | null): void;
}) {
  const genres = useSfQuery('discovery-genres', {}, { staleTime: 60 * 60_000 });
  return (
    <NativeSelect
      label="Genre"
      value={value === null ? '' : String(value)}
      onChange={(event) => onChange(event.currentTarget.value ? Number(event.currentTarget.value) : null)}
      data={[
        { value: '', label: ALL_GENRES },
        ...(genres.data?.genres ?? []).map((g) => ({ value: String(g.id), label: g.name })),
      ]}
      w={{ base: '100%', xs: 240 }}
    />
  );
}
