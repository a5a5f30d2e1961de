import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { decodeRateCursor, encodeRateCursor, INVALID_RATE_CURSOR } from './rate-cursor.js';

describe('rate list cursors', () => {
  const row = { day: '2026-11-27', id: 'c5e7a9b1-3d4f-4b8c-8e2a-4f6b8c0e2a35' };

  it('decode what they encode', () => {
    expect(decodeRateCursor(encodeRateCursor(row))).toEqual(row);
  });

  it.each([
    ['not base64 of anything we write', 'bm9wZQ'],
    ['a day that does not exist', Buffer.from(`2026-02-30:${row.id}`).toString('base64url')],
    ['an id that is no UUID', Buffer.from('2026-11-27:1').toString('base64url')],
    ['more parts', Buffer.from(`2026-11-27:${row.id}:x`).toString('base64url')],
  ])('refuse %s with a 400', (_name, cursor) => {
    expect(() => decodeRateCursor(cursor)).toThrow(
      new AppError('VALIDATION_ERROR', INVALID_RATE_CURSOR),
    );
  });
});
