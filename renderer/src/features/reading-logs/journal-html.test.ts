import { describe, expect, it } from 'vitest';
import type { JournalBlock } from './journal-html';
import { blocksToHtml, htmlToBlocks } from './journal-html';

const p = (text: string): JournalBlock => ({ type: 'paragraph', data: { text } });

describe('blocksToHtml', () => {
  it('stores paragraphs as <p> elements with their inline markup', () => {
    expect(
      blocksToHtml([p('First <b>bold</b> and <i>italic</i>'), p('A <a href="http://x.test">link</a>')]),
    ).toBe('<p>First <b>bold</b> and <i>italic</i></p><p>A <a href="http://x.test">link</a></p>');
  });

  it('drops blank paragraphs, and answers null when nothing else is left', () => {
    expect(blocksToHtml([p(''), p('Kept'), p('  '), p('<br>'), p('&nbsp;')])).toBe('<p>Kept</p>');
    expect(blocksToHtml([p(''), p('<br>')])).toBeNull();
    expect(blocksToHtml([])).toBeNull();
  });

  it('turns the other blocks into paragraphs', () => {
    const blocks: JournalBlock[] = [
      { type: 'header', data: { text: 'Chapter 3', level: 2 } },
      { type: 'quote', data: { text: 'It is a truth', caption: 'Austen', alignment: 'left' } },
      { type: 'delimiter', data: {} },
      { type: 'code', data: { code: 'if (a < b)\n  go();' } },
    ];
    expect(blocksToHtml(blocks)).toBe(
      '<p><b>Chapter 3</b></p><p><i>It is a truth</i></p><p>— Austen</p><p>* * *</p>' +
        '<p>if (a &lt; b)<br>  go();</p>',
    );
  });

  it('numbers and bullets nested list items', () => {
    const item = (content: string, items: unknown[] = []) => ({ content, meta: {}, items });
    const ordered: JournalBlock = {
      type: 'list',
      data: { style: 'ordered', meta: {}, items: [item('One', [item('One a')]), item('Two')] },
    };
    const unordered: JournalBlock = {
      type: 'list',
      data: { style: 'unordered', meta: {}, items: [item('Tea', [item('Green')])] },
    };
    expect(blocksToHtml([ordered, unordered])).toBe(
      '<p>1. One</p><p>1.1. One a</p><p>2. Two</p><p>• Tea</p><p>◦ Green</p>',
    );
  });

  it('keeps an image or a video as a link to it', () => {
    expect(
      blocksToHtml([
        { type: 'image', data: { file: { url: 'https://img.test/a.png' }, caption: 'Cover' } },
        { type: 'embed', data: { service: 'youtube', source: 'https://youtu.be/x?a=1&b=2', caption: '' } },
        { type: 'image', data: { file: { url: '' }, caption: 'no file' } },
      ]),
    ).toBe(
      '<p><a href="https://img.test/a.png">Cover</a></p>' +
        '<p><a href="https://youtu.be/x?a=1&amp;b=2">https://youtu.be/x?a=1&amp;b=2</a></p>',
    );
  });

  it('ignores blocks whose data it cannot read', () => {
    expect(
      blocksToHtml([
        { type: 'paragraph', data: null },
        { type: 'mystery', data: 3 },
      ]),
    ).toBeNull();
  });
});

describe('htmlToBlocks', () => {
  it('loads each paragraph element as a paragraph block', () => {
    expect(
      htmlToBlocks('<p>One</p><p>Two <b>bold</b> <i>it</i><br><a href="http://x.test">l</a></p>'),
    ).toEqual([p('One'), p('Two <b>bold</b> <i>it</i><br><a href="http://x.test">l</a>')]);
  });

  it('loads plain text, one paragraph per blank-line-separated piece', () => {
    expect(htmlToBlocks('Just text')).toEqual([p('Just text')]);
    expect(htmlToBlocks('First\n\nSecond & more')).toEqual([p('First'), p('Second &amp; more')]);
  });

  it('leaves out every other element and blank paragraphs', () => {
    expect(
      htmlToBlocks('<h2>Heading</h2><p>Kept</p><ul><li>item</li></ul><p> </p><img src="x"><p><br></p>'),
    ).toEqual([p('Kept')]);
  });

  it('keeps only the inline markup the server stores inside a paragraph', () => {
    expect(
      htmlToBlocks('<p><strong>s</strong><em>e</em><span style="x">span</span><img src="y" onerror="z"></p>'),
    ).toEqual([p('<b>s</b><i>e</i>span')]);
  });

  it('answers no blocks for an empty journal', () => {
    expect(htmlToBlocks(null)).toEqual([]);
    expect(htmlToBlocks('  ')).toEqual([]);
  });

  it('round-trips what it saves', () => {
    const html = '<p>Hello <b>there</b></p><p>&lt;not a tag&gt;</p>';
    expect(blocksToHtml(htmlToBlocks(html))).toBe(html);
  });
});
