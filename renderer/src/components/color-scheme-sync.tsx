// Tells the desktop shell the reader's colour scheme choice on start and on every change, so Electron's
// nativeTheme (window frame, native menus and dialogs) agrees with the page (issue 17). The web has no such
// hook and this does nothing there.
import { useMantineColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import { useBackend } from '../platform/backend-context';
import type { ColorSchemeChoice } from '../platform/backend';

export function toChoice(scheme: 'auto' | 'light' | 'dark'): ColorSchemeChoice {
  return scheme === 'auto' ? 'system' : scheme;
}

export function ColorSchemeSync() {
  const backend = useBackend();
  const { colorScheme } = useMantineColorScheme();
  useEffect(() => {
    backend.setColorScheme?.(toChoice(colorScheme));
  }, [backend, colorScheme]);
  return null;
}
