// "Show more" under a list read a page at a time by cursor (react-query's useInfiniteQuery): shown while
// another page exists, busy while it loads. One button for every such list, so they look and behave alike.
import { Button, type ButtonProps } from '@mantine/core';

export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

export function ShowMoreButton({
  pages,
  label = 'Show more',
  variant = 'default',
  size,
}: {
  pages: PagedQuery;
  label?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}) {
  if (!pages.hasNextPage) return null;
  return (
    <Button
      variant={variant}
      size={size}
      onClick={() => void pages.fetchNextPage()}
      loading={pages.isFetchingNextPage}
      style={{ alignSelf: 'flex-start' }}
    >
      {label}
    </Button>
  );
}
