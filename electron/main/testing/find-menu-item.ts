// The application menu item with this label, searched through every submenu: how both desktop test drivers
// (the simulation and real Electron's test hooks) click a menu item as the reader would.
import type { MenuItemConstructorOptions } from 'electron';

export function findMenuItem(
  items: readonly MenuItemConstructorOptions[],
  label: string,
): MenuItemConstructorOptions | null {
  for (const item of items) {
    if (item.label === label) return item;
    const inner = Array.isArray(item.submenu) ? findMenuItem(item.submenu, label) : null;
    if (inner) return inner;
  }
  return null;
}
