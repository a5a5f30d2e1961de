import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetAll, readingKey, recalled, remember } from './parsed-file-memo.js';
import type { ParsedFile, ReadOptions } from './parsed-file.js';

const bytes = new TextEncoder().encode('Date,Description,Amount\n2026-01-02,Coffee,-3.50\n');
const options: ReadOptions = { reading: {}, today: '2026-11-26' };
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

function parsedFile(): ParsedFile {
  return {
    format: 'csv',
    encoding: 'utf-8',
    statements: [
      {
        index: 0,
        label: 'This file',
        accountRef: null,
        currency: null,
        rows: [
          {
            line: 2,
            occurredOn: '2026-01-02',
            amountCents: -350n,
            exactAmount: { value: -35n, scale: 1 },
            description: 'Coffee',
            payee: '',
            bankRef: null,
            categoryName: null,
            currency: null,
            writtenAmount: null,
          },
        ],
        errors: [],
      },
    ],
    unsupported: [],
    csv: null,
    choices: [],
  };
}

describe('the readings kept between a preview and its commit', () => {
  afterEach(forgetAll);

  it('gives the reading of the same bytes with the same options back', () => {
    const key = readingKey(sha256(bytes), options);
    remember(key, parsedFile());
    expect(recalled(readingKey(sha256(Uint8Array.from(bytes)), { ...options }))).toEqual(
      parsedFile(),
    );
  });

  it('reads afresh when a byte, the day, an answer or the mapping differs', () => {
    remember(readingKey(sha256(bytes), options), parsedFile());
    const otherBytes = Uint8Array.from(bytes);
    otherBytes[otherBytes.length - 2] = 0x31;
    const mapping = { date: 0, description: 1, amount: 2 } as unknown as ReadOptions['mapping'];
    for (const key of [
      readingKey(sha256(otherBytes), options),
      readingKey(sha256(bytes), { ...options, today: '2026-11-27' }),
      readingKey(sha256(bytes), { ...options, reading: { roundSubCents: false } }),
      readingKey(sha256(bytes), { ...options, mapping }),
      readingKey(sha256(bytes), { ...options, remembered: mapping }),
    ]) {
      expect(recalled(key)).toBeUndefined();
    }
  });

  it('hands out a frozen reading, so no caller can change what the next one is given', () => {
    const key = readingKey(sha256(bytes), options);
    const kept = remember(key, parsedFile());
    const row = kept.statements[0]?.rows[0];
    expect(() => kept.statements[0]?.rows.push(row as never)).toThrow(TypeError);
    expect(() => {
      (row as { description: string }).description = 'changed';
    }).toThrow(TypeError);
    expect(recalled(key)?.statements[0]?.rows[0]?.description).toBe('Coffee');
  });

  it('forgets a reading after ten minutes', () => {
    const key = readingKey(sha256(bytes), options);
    remember(key, parsedFile(), 0);
    expect(recalled(key, 10 * 60_000)).toBeDefined();
    expect(recalled(key, 10 * 60_000 + 1)).toBeUndefined();
  });

  it('keeps the three most recently used readings', () => {
    const keys = ['a', 'b', 'c', 'd'].map((day) =>
      readingKey(sha256(bytes), { ...options, today: `2026-11-0${day.charCodeAt(0) - 96}` }),
    );
    const [a, b, c, d] = keys as [string, string, string, string];
    remember(a, parsedFile());
    remember(b, parsedFile());
    remember(c, parsedFile());
    recalled(a);
    remember(d, parsedFile());
    expect(recalled(b)).toBeUndefined();
    for (const key of [a, c, d]) expect(recalled(key)).toBeDefined();
  });
});
