/** Third-party text, cleaned once, is safe in every format: parsed back with a real XML parser. */
import { describe, expect, it } from 'vitest';
import { SaxesParser } from 'saxes';
import { cleanText } from '../../src/site/format/text.ts';

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** The text back from a real XML 1.0 parser, or its first well-formedness error. */
function throughXml(text: string): string {
  const parser = new SaxesParser();
  let out = '';
  parser.on('text', (t) => (out += t));
  parser.on('error', (e) => {
    throw e;
  });
  parser.write(`<?xml version="1.0" encoding="utf-8"?><t>${escapeXml(text)}</t>`).close();
  return out;
}

const NASTY = [
  'Null\u0000byte',
  'Bell\u0007and escape \u001b[31m',
  'Noncharacters \ufffe \uffff \ud83f\udfff \udbff\udffe',
  'Lone \ud800 surrogate and \udc00 low',
];

describe('cleanText', () => {
  it.each(NASTY)('makes %j well-formed XML 1.0 character data', (text) => {
    expect(() => throughXml(text)).toThrow();
    expect(() => throughXml(cleanText(text))).not.toThrow();
  });

  it('removes the controls XML tolerates but HTML text must not carry (C1, DEL)', () => {
    expect(cleanText('C1 \u0080\u009f controls and DEL \u007f')).toBe('C1  controls and DEL ');
  });

  it('keeps ordinary text, accents and emoji as they are', () => {
    for (const text of ['Quillon 3 (high)', 'Zürich Łódź — 東京', 'Rocket 🚀 model', 'A & B <C>']) expect(cleanText(text)).toBe(text);
  });

  it('turns line breaks and tabs into spaces', () => {
    expect(cleanText('one\ntwo\r\nthree\tfour')).toBe('one two three four');
  });

  it('isolates a name with a bidirectional override so it cannot reverse the text around it', () => {
    const name = 'Evil \u202eredro\u202c';
    expect(cleanText(name)).toBe(`\u2068${name}\u2069`);
    expect(cleanText('plain')).toBe('plain');
  });

  it('leaves a sentence built from cleaned names as it is, and isolates one whose override escapes them', () => {
    const name = cleanText('Evil \u202eredro');
    const sentence = `${name}: model rank 3 of 16, beside ${name}`;
    expect(cleanText(sentence)).toBe(sentence);
    expect(cleanText(cleanText(name))).toBe(name);
    for (const escaping of [`${name} \u202etail`, `\u2069${name}`, `\u2068open`]) expect(cleanText(escaping)).toBe(`\u2068${escaping}\u2069`);
  });
});
