// Below 640 px: the Burger that opens the mobile menu. The Drawer's code loads on the first press.
import { Burger } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';

const MobileMenu = lazy(() => import('./mobile-menu'));

export function MobileMenuButton() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Burger
        opened={opened}
        onClick={() => {
          setUsed(true);
          toggle();
        }}
        aria-label={opened ? 'Close menu' : 'Open menu'}
        aria-expanded={opened}
      />
      {used && (
        <Suspense fallback={null}>
          <MobileMenu opened={opened} close={close} />
        </Suspense>
      )}
    </>
  );
}
