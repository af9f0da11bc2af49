// The journal's Editor.js (SPEC.md §3 "Reading log", §5 "Journal editor", §9) with its block tools: code,
// embed (video services only), header with levels, image (by URL), nested ordered/unordered list,
// paragraph, quote with caption and delimiter. Loaded only through journal-engine.ts's dynamic import.
// The built-in paragraph has no alignment setting and no alignment tool is among our dependencies, so
// paragraphs are left-aligned. A block Editor.js cannot show becomes its stub block, which reads 'Error' /
// 'The block can not be displayed correctly.'.
import CodeTool from '@editorjs/code';
import Delimiter from '@editorjs/delimiter';
import EditorJS from '@editorjs/editorjs';
import type { ToolConstructable, ToolSettings } from '@editorjs/editorjs';
import Embed from '@editorjs/embed';
import Header from '@editorjs/header';
import EditorjsList from '@editorjs/list';
import Quote from '@editorjs/quote';
import type { JournalEngine, JournalEngineOptions } from './journal-engine';
import { JournalLinkTool } from './journal-link-tool';
import { UrlImageTool, urlImageConfig } from './url-image-tool';

/** SPEC.md §9: the journal editor's minimum height. */
export const JOURNAL_MIN_HEIGHT_PX = 120;

// The tool packages type their constructors more narrowly than Editor.js's tools map expects.
const tool = (constructable: unknown) => constructable as ToolConstructable;

const tools: Record<string, ToolConstructable | ToolSettings> = {
  link: { class: tool(JournalLinkTool) },
  header: {
    class: tool(Header),
    inlineToolbar: true,
    config: { levels: [1, 2, 3, 4, 5, 6], defaultLevel: 2 },
  },
  list: { class: tool(EditorjsList), inlineToolbar: true, config: { defaultStyle: 'unordered' } },
  quote: {
    class: tool(Quote),
    inlineToolbar: true,
    config: { quotePlaceholder: 'Quote', captionPlaceholder: 'Caption' },
  },
  code: { class: tool(CodeTool) },
  delimiter: { class: tool(Delimiter) },
  embed: { class: tool(Embed), config: { services: { youtube: true, vimeo: true } } },
  // Images come in by pasting their address, so the tool is not offered in the "+" menu (whose only
  // action would be choosing a file to upload).
  image: { class: tool(UrlImageTool), toolbox: false, config: urlImageConfig },
};

export async function createEditorJsEngine(options: JournalEngineOptions): Promise<JournalEngine> {
  // Editor.js debounces its change reports; one may come after destroy(), which strips the instance.
  let destroyed = false;
  const editor = new EditorJS({
    holder: options.holder,
    data: { blocks: options.blocks.map((block) => ({ ...block, data: block.data ?? {} })) },
    tools,
    inlineToolbar: ['bold', 'italic', 'link'],
    minHeight: JOURNAL_MIN_HEIGHT_PX,
    placeholder: 'Write about your reading...',
    onChange: () => {
      if (!destroyed) options.onChange();
    },
  });
  await editor.isReady;
  return {
    render: (blocks) => editor.render({ blocks }),
    save: async () => (await editor.save()).blocks,
    destroy: () => {
      destroyed = true;
      editor.destroy();
    },
  };
}
