import { describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { decodeCursor, encodeCursor } from './ledger-service.js';

describe('ledger cursors', () => {
  it('round-trips a sequence number', () => {
    expect(decodeCursor(encodeCursor('9007199254740993'))).toBe(9007199254740993n);
    expect(decodeCursor(encodeCursor(42))).toBe(42n);
  });

  it.each([
    '',
    'garbage',
    Buffer.from('s:-1').toString('base64url'),
    Buffer.from("s:1' or 1=1").toString('base64url'),
    Buffer.from('s:9999999999999999999').toString('base64url'),
  ])('refuses %j as a 400', (cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(TRPCError);
    expect(() => decodeCursor(cursor)).toThrow('Invalid cursor');
  });
});
