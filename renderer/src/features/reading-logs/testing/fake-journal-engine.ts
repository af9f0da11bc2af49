// Test helper, not used by the app: a stand-in for editorjs-engine.ts in jsdom, where Editor.js does not
// run. Component tests swap it in with
// vi.mock('./editorjs-engine', () => import('./testing/fake-journal-engine')).
// It is a plain textarea: one paragraph block per line, so the tests exercise everything around the
// editor (creation delay, change hand-out, outside content, destroy) with a real DOM.
import type { JournalEngine, JournalEngineOptions } from '../journal-engine';
import type { JournalBlock } from '../journal-html';
import { escapeHtml } from '../journal-html';

export interface FakeEngineRecord {
  textarea: HTMLTextAreaElement;
  renders: number;
  destroyed: boolean;
}

/** Every engine created, oldest first, for tests to inspect. */
export const fakeEngines: FakeEngineRecord[] = [];
/** Set to make the next start-up fail, as Editor.js can when a tool throws. */
export const fakeEngineControl = { failNextStart: false };

const plainText = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

const textOf = (blocks: JournalBlock[]) =>
  blocks
    .map((block) => {
      const data = block.data as { text?: unknown };
      return typeof data?.text === 'string' ? plainText(data.text) : '';
    })
    .join('\n');

export async function createEditorJsEngine(options: JournalEngineOptions): Promise<JournalEngine> {
  if (fakeEngineControl.failNextStart) {
    fakeEngineControl.failNextStart = false;
    throw new Error('The editor failed to start.');
  }
  const textarea = document.createElement('textarea');
  textarea.setAttribute('aria-label', 'Journal text');
  textarea.value = textOf(options.blocks);
  textarea.addEventListener('input', () => options.onChange());
  options.holder.append(textarea);
  const record: FakeEngineRecord = { textarea, renders: 0, destroyed: false };
  fakeEngines.push(record);
  return {
    render: async (blocks) => {
      record.renders += 1;
      textarea.value = textOf(blocks);
    },
    save: async () => {
      // As Editor.js, whose destroy() strips the instance's methods.
      if (record.destroyed) throw new TypeError('save is not a function');
      return textarea.value
        .split('\n')
        .map((line) => ({ type: 'paragraph', data: { text: escapeHtml(line) } }));
    },
    destroy: () => {
      record.destroyed = true;
      textarea.remove();
    },
  };
}
