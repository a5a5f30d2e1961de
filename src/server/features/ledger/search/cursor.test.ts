import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/app-error.js';
import { cursorOfOtherSort, decodeCursor, encodeCursor } from './cursor.js';

const b64 = (text: string) => Buffer.from(text).toString('base64url');

describe('ledger cursors', () => {
  it('round-trips the position of a row in each sort', () => {
    const row = { occurred_on: '2025-03-31', amount_cents: '9007199254740993', seq: '42' };
    expect(decodeCursor(encodeCursor('date_desc', row), 'date_desc')).toEqual({
      key: '2025-03-31',
      seq: '42',
    });
    expect(decodeCursor(encodeCursor('amount_asc', row), 'amount_asc')).toEqual({
      key: '9007199254740993',
      seq: '42',
    });
  });

  it('refuses a cursor of another sort with a message that says so', () => {
    const cursor = encodeCursor('amount_desc', {
      occurred_on: '2025-01-01',
      amount_cents: '5',
      seq: '1',
    });
    expect(() => decodeCursor(cursor, 'date_desc')).toThrow(
      cursorOfOtherSort('amount_desc', 'date_desc'),
    );
  });

  it.each([
    '',
    'garbage',
    b64('s:12'),
    b64('date_desc:2025-02-30:1'),
    b64('date_desc:2025-01-01:-1'),
    b64("date_desc:2025-01-01:1' or 1=1"),
    b64('date_desc:2025-01-01:9999999999999999999'),
    b64('amount_desc:2025-01-01:1'),
    b64('amount_desc:1:1:1'),
    b64('price_desc:1:1'),
  ])('refuses %j as a 400', (cursor) => {
    expect(() => decodeCursor(cursor, 'date_desc')).toThrow(AppError);
    expect(() => decodeCursor(cursor, 'date_desc')).toThrow('Invalid cursor');
  });
});
