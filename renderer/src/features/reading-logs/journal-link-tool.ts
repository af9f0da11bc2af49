// The journal's inline Link tool, in place of Editor.js's own so the link rules are ours and tested
// (journal-link.ts): it takes the place of the built-in 'link' tool by name. Selecting text and pressing
// the button (or Cmd/Ctrl+K) opens an address input; Enter applies it. Its sanitize rule applies the same
// rules to every link the editor saves or receives by paste, so a pasted 'example.com' link gets its
// protocol and a link with whitespace inside keeps only its text.
import type { API, InlineTool, SanitizerConfig } from '@editorjs/editorjs';
import { readLinkInput } from './journal-link';

const LINK_ICON =
  '<svg width="20" height="20" viewBox="0 0 24 24" fill="none" aria-hidden="true">' +
  '<path d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 ' +
  '5.66 5.66l1-1" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';

// Editor.js's stylesheet shows the address input only with the second class (as for its own link tool).
const INPUT_CLASS = 'ce-inline-tool-input';
const INPUT_SHOWN_CLASS = 'ce-inline-tool-input--showed';

function anchorAround(node: Node | null): HTMLAnchorElement | null {
  const element = node instanceof Element ? node : (node?.parentElement ?? null);
  const anchor = element?.closest('a');
  return anchor && anchor.closest('[contenteditable="true"]') ? anchor : null;
}

function select(range: Range): void {
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

export class JournalLinkTool implements InlineTool {
  static isInline = true;
  static title = 'Link';

  static get sanitize(): SanitizerConfig {
    return {
      a: (element: Element) => {
        const link = readLinkInput(element.getAttribute('href') ?? '');
        if (link.kind !== 'link') return false;
        element.setAttribute('href', link.href);
        return { href: true };
      },
    };
  }

  private readonly api: API;
  private button: HTMLButtonElement | null = null;
  private input: HTMLInputElement | null = null;
  /** The text the link is for: focus moves to the input, so the selection is kept here meanwhile. */
  private range: Range | null = null;
  private opened = false;

  constructor({ api }: { api: API }) {
    this.api = api;
  }

  get shortcut(): string {
    return 'CMD+K';
  }

  render(): HTMLElement {
    const button = document.createElement('button');
    button.type = 'button';
    button.classList.add(this.api.styles.inlineToolButton);
    button.setAttribute('aria-label', 'Link');
    button.innerHTML = LINK_ICON;
    this.button = button;
    return button;
  }

  renderActions(): HTMLElement {
    const input = document.createElement('input');
    input.classList.add(INPUT_CLASS);
    input.placeholder = 'Add a link';
    input.setAttribute('aria-label', 'Link address');
    input.enterKeyHint = 'done';
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') this.apply(event);
    });
    this.input = input;
    return input;
  }

  surround(range: Range | null): void {
    if (!range) return;
    const anchor = anchorAround(range.commonAncestorContainer);
    if (this.opened) {
      this.close();
      return;
    }
    if (anchor) {
      this.unlink(anchor);
      this.api.inlineToolbar.close();
      return;
    }
    this.range = range.cloneRange();
    this.open(true);
  }

  checkState(selection?: Selection): boolean {
    const current = selection ?? window.getSelection();
    const anchor = anchorAround(current?.anchorNode ?? null);
    this.button?.classList.toggle(this.api.styles.inlineToolButtonActive, anchor !== null);
    if (anchor && current && current.rangeCount > 0) {
      this.range = current.getRangeAt(0).cloneRange();
      if (this.input) this.input.value = anchor.getAttribute('href') ?? '';
      this.open(false);
    }
    return anchor !== null;
  }

  clear(): void {
    this.close();
  }

  private open(focus: boolean): void {
    this.input?.classList.add(INPUT_SHOWN_CLASS);
    if (focus) this.input?.focus();
    this.opened = true;
  }

  private close(): void {
    if (this.input) {
      this.input.classList.remove(INPUT_SHOWN_CLASS);
      this.input.value = '';
    }
    this.opened = false;
  }

  private unlink(anchor: HTMLAnchorElement): void {
    const range = document.createRange();
    range.selectNodeContents(anchor);
    select(range);
    document.execCommand('unlink');
    this.close();
  }

  private apply(event: KeyboardEvent): void {
    event.preventDefault();
    const link = readLinkInput(this.input?.value ?? '');
    if (link.kind === 'invalid') {
      this.api.notifier.show({ message: link.message, style: 'error' });
      return;
    }
    // Enter must not also reach the editor, which would split the block.
    event.stopPropagation();
    if (!this.range) return;
    select(this.range);
    const anchor = anchorAround(this.range.commonAncestorContainer);
    if (link.kind === 'remove') {
      if (anchor) this.unlink(anchor);
    } else {
      if (anchor) {
        const whole = document.createRange();
        whole.selectNodeContents(anchor);
        select(whole);
      }
      document.execCommand('createLink', false, link.href);
    }
    window.getSelection()?.collapseToEnd();
    this.close();
    this.api.inlineToolbar.close();
  }
}
