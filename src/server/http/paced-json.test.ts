import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { holdsLongList, pacedJson } from './paced-json.js';

describe('pacedJson', () => {
  it('writes exactly what JSON.stringify writes, long lists included', async () => {
    const rows = Array.from({ length: 2_500 }, (_, index) => ({
      line: index,
      text: `“row” ${index} €\n`,
      skipped: undefined,
      when: new Date(Date.UTC(2026, 0, 1 + (index % 28))),
      amount: index % 3 === 0 ? null : -index / 100,
    }));
    const answer = {
      success: true,
      message: 'ok',
      data: { format: 'csv', rows, errors: [], gone: undefined, sparse: [1, undefined, 3] },
    };
    expect(holdsLongList(answer)).toBe(true);
    expect(await text(pacedJson(answer))).toBe(JSON.stringify(answer));
  });

  it('leaves answers without a long list to the usual serializer', () => {
    expect(holdsLongList({ data: { rows: [1, 2, 3] } })).toBe(false);
    expect(holdsLongList({ data: { deep: { deeper: Array(5_000).fill(0) } } })).toBe(false);
    expect(holdsLongList(Array(1_001).fill(0))).toBe(true);
  });
});
