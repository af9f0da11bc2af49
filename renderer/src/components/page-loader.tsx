import { Center, Loader } from '@mantine/core';

/** The loading state of a page or of a route's code. */
export function PageLoader() {
  return (
    <Center py="xl" role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}
