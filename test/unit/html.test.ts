/** The `html` tag of the string-rendered pages: every value escaped, only its own markup passed through. */
import { describe, expect, it } from 'vitest';
import { escapeHtml, html } from '../../src/views/parts/html.ts';

describe('the html tag', () => {
  it('escapes every string it is given, in text and in quoted attributes', () => {
    const name = `<script>alert("x")</script> & 'quotes'`;
    expect(html`<a title="${name}">${name}</a>`.html).toBe(
      '<a title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;</a>',
    );
    expect(html`<p>${'"onmouseover="x'}</p>`.html).toBe('<p>&quot;onmouseover=&quot;x</p>');
  });

  it('passes its own markup through, and joins lists', () => {
    const items = ['a<b', 'c'].map((t) => html`<li>${t}</li>`);
    // Prettier lays out html`` templates as HTML: compare the markup without the whitespace between tags.
    const tight = (m: { html: string }) => m.html.replace(/>\s+</g, '><').trim();
    const list = html`<ul>
      ${items}
    </ul>`;
    expect(tight(list)).toBe('<ul><li>a&lt;b</li><li>c</li></ul>');
    expect(tight(html`<div>${list}</div>`)).toBe('<div><ul><li>a&lt;b</li><li>c</li></ul></div>');
  });

  it('writes nothing for false, null and undefined, and numbers as they are', () => {
    const no = false as boolean;
    expect(html`<p>${no && html`<b>x</b>`}${null}${undefined}${0}${-1.5}</p>`.html).toBe('<p>0-1.5</p>');
  });

  it('leaves a string that needs no escaping as it is, and passes only what html made as markup', () => {
    const plain = 'Quillon 3 (high)';
    expect(escapeHtml(plain)).toBe(plain);
    expect(html`<svg>${html`<path d="${'M0 1l2 3'}"></path>`}</svg>`.html).toBe('<svg><path d="M0 1l2 3"></path></svg>');
    expect(html`${'<path>'}`.html).toBe('&lt;path&gt;');
  });

  it('writes a line break and the indentation after it as one space, in its own text only', () => {
    const name = 'two\n    lines';
    const out = html`<ul>
      <li>${name}</li>
      <li>b</li>
    </ul>`.html;
    expect(out).toBe('<ul> <li>two\n    lines</li> <li>b</li> </ul>');
  });
});
