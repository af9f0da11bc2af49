import { describe, expect, it } from 'vitest';
import { sanitizeJournal } from './journal-html';

describe('journal sanitising', () => {
  it('keeps paragraphs with bold, italic, line breaks and http(s) links', () => {
    expect(
      sanitizeJournal(
        '<p>A <b>bold</b> and <i>quiet</i><br>line</p><p><a href="https://example.org/x?a=1&b=2">link</a></p>',
      ),
    ).toBe(
      '<p>A <b>bold</b> and <i>quiet</i><br />line</p><p><a href="https://example.org/x?a=1&amp;b=2">link</a></p>',
    );
    expect(sanitizeJournal('<strong>s</strong> <em>e</em>')).toBe('<p><b>s</b> <i>e</i></p>');
  });

  it('drops scripts, styles and frames with their contents', () => {
    expect(
      sanitizeJournal('<p>a<script>alert(1)</script></p><style>p{}</style><iframe src="//x">t</iframe>'),
    ).toBe('<p>a</p>');
    expect(sanitizeJournal('<svg><script>alert(1)</script></svg>ok')).toBe('<p>ok</p>');
  });

  it('drops every attribute but a link’s address, and event handlers everywhere', () => {
    expect(
      sanitizeJournal(
        '<p onclick="x()" style="color:red" class="c">t</p><img src=x onerror="alert(1)"><b onmouseover="y()">b</b>',
      ),
    ).toBe('<p>t</p><p><b>b</b></p>');
    expect(sanitizeJournal('<a href="https://a.test" onclick="x()" target="_blank" rel="x">l</a>')).toBe(
      '<p><a href="https://a.test">l</a></p>',
    );
  });

  it('keeps the relative links the editor writes: site paths, fragments and protocol-relative', () => {
    for (const href of ['/work/1?edition=2', '#notes', '//example.org/x']) {
      expect(sanitizeJournal(`<a href="${href}">text</a>`), href).toBe(`<p><a href="${href}">text</a></p>`);
    }
  });

  it('keeps only the text of links that are not http(s)', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'jav&#x09;ascript:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '/\\evil.test/x',
      '/ /x',
      'relative/without-slash',
      'mailto:a@b.test',
    ]) {
      expect(sanitizeJournal(`<a href="${href}">text</a>`), href).toBe('<p>text</p>');
    }
  });

  it('turns blocks into paragraphs, wraps loose text, splits blank lines and drops blank paragraphs', () => {
    expect(sanitizeJournal('<h1>Title</h1><ul><li>one</li><li>two</li></ul>tail')).toBe(
      '<p>Title</p><p>one</p><p>two</p><p>tail</p>',
    );
    expect(sanitizeJournal('first\n\nsecond')).toBe('<p>first</p><p>second</p>');
    expect(sanitizeJournal('<p> </p><p><br></p><p>&nbsp;</p>')).toBeNull();
    expect(sanitizeJournal('')).toBeNull();
  });

  it('escapes text that looks like markup and re-balances tags cut by a paragraph', () => {
    expect(sanitizeJournal('1 < 2 & "&lt;p&gt;" stays text')).toBe(
      '<p>1 &lt; 2 &amp; "&lt;p&gt;" stays text</p>',
    );
    expect(sanitizeJournal('<b>x<p>y</p></b>')).toBe('<p><b>x</b></p><p>y</p>');
  });
});
