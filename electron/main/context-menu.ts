// The right-click menu Electron does not give a page by itself: in a field, the spelling suggestions for the
// word under the pointer, then cut, copy, paste and select all as the field allows; on selected text, copy.
// A template only (main-window.ts shows it), so it is tested without Electron.
import type { ContextMenuParams, MenuItemConstructorOptions } from 'electron';

/** What the menu does to the page: Electron's WebContents does each in main-window.ts. */
export interface ContextMenuActions {
  replaceMisspelling(word: string): void;
  addToDictionary(word: string): void;
}

type MenuParams = Pick<
  ContextMenuParams,
  'isEditable' | 'selectionText' | 'misspelledWord' | 'dictionarySuggestions' | 'editFlags'
>;

/** The items for a right-click with `params`, or none where the menu would be empty. */
export function contextMenuTemplate(
  params: MenuParams,
  actions: ContextMenuActions,
): MenuItemConstructorOptions[] {
  const items: MenuItemConstructorOptions[] = [];
  if (params.isEditable && params.misspelledWord) {
    const suggestions = params.dictionarySuggestions.slice(0, 5);
    if (suggestions.length === 0) items.push({ label: 'No Guesses Found', enabled: false });
    for (const word of suggestions)
      items.push({ label: word, click: () => actions.replaceMisspelling(word) });
    items.push(
      { label: 'Add to Dictionary', click: () => actions.addToDictionary(params.misspelledWord) },
      { type: 'separator' },
    );
  }
  if (params.isEditable) {
    items.push(
      { role: 'cut', enabled: params.editFlags.canCut },
      { role: 'copy', enabled: params.editFlags.canCopy },
      { role: 'paste', enabled: params.editFlags.canPaste },
      { type: 'separator' },
      { role: 'selectAll', enabled: params.editFlags.canSelectAll },
    );
  } else if (params.selectionText.trim() !== '') {
    items.push({ role: 'copy', enabled: params.editFlags.canCopy });
  }
  return items;
}
