import { AppError } from '../../lib/app-error.js';
import { isCalendarDate } from '../../../shared/dates.js';

// Keyset cursors of the rate list (docs/rates.md#the-api): the last row's day and id, so the next
// page starts strictly after it in (day DESC, id DESC). Opaque to callers; anything we could not
// have written is a 400.

export const INVALID_RATE_CURSOR = 'Invalid cursor';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeRateCursor(row: { day: string; id: string }): string {
  return Buffer.from(`${row.day}:${row.id}`, 'utf8').toString('base64url');
}

export function decodeRateCursor(cursor: string): { day: string; id: string } {
  const [day, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  if (day === undefined || id === undefined || rest.length > 0) {
    throw new AppError('VALIDATION_ERROR', INVALID_RATE_CURSOR);
  }
  if (!isCalendarDate(day) || !UUID.test(id)) {
    throw new AppError('VALIDATION_ERROR', INVALID_RATE_CURSOR);
  }
  return { day, id };
}
