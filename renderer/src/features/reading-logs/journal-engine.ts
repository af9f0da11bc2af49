// The seam between the journal editor component and the editor library: the component asks for an engine
// in a holder element and talks to it in blocks. Editor.js and its tools load only when a journal is
// first opened (a dynamic import, so they sit in a chunk of their own that only this page requests).
import type { JournalBlock } from './journal-html';

export interface JournalEngine {
  /** Replaces the content. */
  render(blocks: JournalBlock[]): Promise<void>;
  save(): Promise<JournalBlock[]>;
  destroy(): void;
}

export interface JournalEngineOptions {
  holder: HTMLElement;
  blocks: JournalBlock[];
  /** The reader changed the content. */
  onChange(): void;
}

export async function loadJournalEngine(options: JournalEngineOptions): Promise<JournalEngine> {
  const { createEditorJsEngine } = await import('./editorjs-engine');
  return createEditorJsEngine(options);
}
