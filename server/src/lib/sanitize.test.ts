import { describe, expect, it } from 'vitest';
import { sanitizeProductHtml } from './sanitize.ts';

describe('sanitizeProductHtml', () => {
  it('keeps ordinary formatting, images, lists and tables', () => {
    const html =
      '<h3>Features</h3><p><strong>Bold</strong> and <em>soft</em></p><ul><li>one</li></ul>' +
      '<p><img src="https://ae01.alicdn.com/kf/a.jpg" alt="front" width="750"></p>' +
      '<table><tbody><tr><th>Size</th><td colspan="2">M</td></tr></tbody></table>';
    const clean = sanitizeProductHtml(html);
    expect(clean).toContain('<h3>Features</h3>');
    expect(clean).toContain('<strong>Bold</strong>');
    expect(clean).toContain('<li>one</li>');
    expect(clean).toContain('<img src="https://ae01.alicdn.com/kf/a.jpg" alt="front" width="750" />');
    expect(clean).toContain('<td colspan="2">M</td>');
  });

  it('drops scripts and styles with their content', () => {
    const clean = sanitizeProductHtml(
      '<p>Hi</p><script>steal(document.cookie)</script><style>body{display:none}</style>',
    );
    expect(clean).toBe('<p>Hi</p>');
  });

  it('removes every event handler attribute', () => {
    const clean = sanitizeProductHtml(
      '<img src="https://x.test/a.png" onerror="alert(1)" onload="alert(2)"><p onclick="x()" onmouseover="y()">t</p>',
    );
    expect(clean).not.toMatch(/\son\w+=/i);
    expect(clean).toContain('<img src="https://x.test/a.png" />');
    expect(clean).toContain('<p>t</p>');
  });

  it('keeps http, https and mailto links and strips javascript: and data: addresses', () => {
    const clean = sanitizeProductHtml(
      '<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a>' +
        '<a href="https://shop.test/x">c</a><a href="mailto:help@shop.test">d</a>' +
        '<img src="data:image/svg+xml;base64,PHN2Zz4="><img src="javascript:alert(1)">',
    );
    expect(clean).not.toMatch(/javascript:/i);
    expect(clean).not.toContain('data:');
    expect(clean).not.toContain('<img');
    expect(clean).toContain('href="https://shop.test/x"');
    expect(clean).toContain('href="mailto:help@shop.test"');
    expect(clean).toContain('>a</a>');
  });

  it('marks outgoing links noopener and keeps only a _blank target', () => {
    const clean = sanitizeProductHtml(
      '<a href="https://a.test" target="_top">x</a><a href="https://b.test" target="_blank">y</a>',
    );
    expect(clean).toBe(
      '<a href="https://a.test" rel="noopener noreferrer nofollow">x</a>' +
        '<a href="https://b.test" target="_blank" rel="noopener noreferrer nofollow">y</a>',
    );
  });

  it('drops iframes, objects, embeds and forms', () => {
    const clean = sanitizeProductHtml(
      '<iframe src="https://ads.test"></iframe><object data="x.swf"><embed src="x.swf"></object>' +
        '<form action="https://evil.test"><input name="card"></form><p>kept</p>',
    );
    expect(clean).toBe('<p>kept</p>');
  });

  it('keeps harmless inline styles and drops the rest', () => {
    const clean = sanitizeProductHtml(
      '<p style="text-align:center;color:#999999;position:fixed;background-image:url(https://t.test/p.gif)">x</p>',
    );
    expect(clean).toBe('<p style="text-align:center;color:#999999">x</p>');
  });
});
