/** What the maintainer sees: progress drawn in place on a terminal, plain lines elsewhere, no secrets. */
import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { createReporter } from '../../src/core/reporter.ts';

function streams() {
  const text = { out: '', err: '' };
  const out = new PassThrough();
  const err = new PassThrough();
  out.on('data', (c: Buffer) => (text.out += c.toString()));
  err.on('data', (c: Buffer) => (text.err += c.toString()));
  return { out, err, text };
}

describe('createReporter', () => {
  it('draws bytes of the total in place on a terminal, then each stage with its time', async () => {
    const s = streams();
    const r = createReporter({ out: s.out, err: s.err, interactive: true });
    r.progress('fetch /v1/export.json', 512 * 1024, 2 * 1024 * 1024);
    await r.stage(
      'validate',
      () => 42,
      (n) => `${n} rows`,
    );
    expect(s.text.err).toBe('\r\x1b[2Kfetch /v1/export.json: 512.0 KB of 2.0 MB (25%)\r\x1b[2K');
    expect(s.text.out).toMatch(/^validate\s+\d+\.\d\d s {2}\(42 rows\)\n$/);
  });

  it('prints plain lines only when not on a terminal (CI)', async () => {
    const s = streams();
    const r = createReporter({ out: s.out, err: s.err, interactive: false });
    r.progress('fetch', 10, 100);
    r.warn('a warning');
    expect(s.text.err).toBe('warning: a warning\n');
  });

  it('redacts secrets and neutralizes control characters from the API', () => {
    const s = streams();
    const key = `demo_live_${'a'.repeat(64)}`;
    const r = createReporter({ out: s.out, err: s.err, interactive: false, secrets: [key] });
    r.error(`refused ${key} \x1b[31mred\x07`);
    expect(s.text.err).toBe('refused [redacted] ?[31mred?\n');
  });
});
