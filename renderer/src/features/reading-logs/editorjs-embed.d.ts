// @editorjs/embed ships its types but its package.json "exports" does not point at them, so TypeScript's
// bundler resolution cannot find them. Declare the one thing the journal uses: the tool class.
declare module '@editorjs/embed' {
  import type { BlockToolConstructable } from '@editorjs/editorjs';

  const Embed: BlockToolConstructable;
  export default Embed;
}
