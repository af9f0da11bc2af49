import { describe, expect, it, vi } from 'vitest';
import { contextMenuTemplate } from './context-menu';

const flags = { canCut: true, canCopy: true, canPaste: true, canSelectAll: true };
const params = (over: Partial<Parameters<typeof contextMenuTemplate>[0]> = {}) => ({
  isEditable: false,
  selectionText: '',
  misspelledWord: '',
  dictionarySuggestions: [] as string[],
  editFlags: { ...flags, canUndo: true, canRedo: true, canDelete: true, canEditRichly: false },
  ...over,
});
const labels = (items: ReturnType<typeof contextMenuTemplate>) =>
  items.map((i) => i.label ?? i.role ?? i.type);

describe('the context menu', () => {
  it('offers cut, copy, paste and select all in a field, each as the field allows', () => {
    const items = contextMenuTemplate(
      params({ isEditable: true, editFlags: { ...params().editFlags, canCut: false, canCopy: false } }),
      { replaceMisspelling: vi.fn(), addToDictionary: vi.fn() },
    );
    expect(labels(items)).toEqual(['cut', 'copy', 'paste', 'separator', 'selectAll']);
    expect(items.filter((i) => i.enabled === false).map((i) => i.role)).toEqual(['cut', 'copy']);
  });

  it('puts spelling suggestions first, and replaces or learns the word', () => {
    const actions = { replaceMisspelling: vi.fn(), addToDictionary: vi.fn() };
    const items = contextMenuTemplate(
      params({ isEditable: true, misspelledWord: 'recieve', dictionarySuggestions: ['receive', 'relieve'] }),
      actions,
    );
    expect(labels(items).slice(0, 4)).toEqual(['receive', 'relieve', 'Add to Dictionary', 'separator']);
    items[0]!.click!({} as never, undefined, {} as never);
    items[2]!.click!({} as never, undefined, {} as never);
    expect(actions.replaceMisspelling).toHaveBeenCalledWith('receive');
    expect(actions.addToDictionary).toHaveBeenCalledWith('recieve');
  });

  it('says when the speller has no guess, and offers at most five', () => {
    const actions = { replaceMisspelling: vi.fn(), addToDictionary: vi.fn() };
    expect(
      labels(contextMenuTemplate(params({ isEditable: true, misspelledWord: 'zzxq' }), actions))[0],
    ).toBe('No Guesses Found');
    const many = contextMenuTemplate(
      params({
        isEditable: true,
        misspelledWord: 'teh',
        dictionarySuggestions: ['a', 'b', 'c', 'd', 'e', 'f'],
      }),
      actions,
    );
    expect(labels(many).slice(0, 6)).toEqual(['a', 'b', 'c', 'd', 'e', 'Add to Dictionary']);
  });

  it('offers copy for selected text on a page, and nothing where there is nothing to do', () => {
    const actions = { replaceMisspelling: vi.fn(), addToDictionary: vi.fn() };
    expect(labels(contextMenuTemplate(params({ selectionText: 'The Dispossessed' }), actions))).toEqual([
      'copy',
    ]);
    expect(contextMenuTemplate(params({ selectionText: '  ' }), actions)).toEqual([]);
  });
});
