import { describe, expect, it } from 'vitest';
import { fieldOfRefusal } from './rate-form.js';
import { importSummary } from './rate-import.js';

describe('the rates page’s words', () => {
  it('puts each refusal of POST /api/rates at the field it is about', () => {
    expect(fieldOfRefusal('rate must be a decimal above 0 such as 1.0823, as text')).toBe('rate');
    expect(fieldOfRefusal('base and quote must be different currencies')).toBe('quote');
    expect(fieldOfRefusal('quote must be an ISO 4217 currency code such as USD')).toBe('quote');
    expect(fieldOfRefusal('base must be an ISO 4217 currency code such as EUR')).toBe('base');
    expect(fieldOfRefusal('day must be a real calendar date')).toBe('day');
    expect(fieldOfRefusal('Too many requests')).toBeNull();
  });

  it('says what an import did', () => {
    const result = {
      fileName: 'eurofxref.csv',
      format: 'csv' as const,
      days: 1,
      firstDay: '2026-11-27',
      lastDay: '2026-11-27',
      added: 30,
      replaced: 0,
      unchanged: 1,
      skippedNotAvailable: 0,
    };
    expect(importSummary(result)).toBe(
      'eurofxref.csv: 1 day (2026-11-27). 30 rates added, 0 replaced, 1 unchanged, 0 N/A cells skipped.',
    );
    expect(
      importSummary({ ...result, days: 3, lastDay: '2026-11-29', skippedNotAvailable: 1 }),
    ).toContain('3 days (2026-11-27 to 2026-11-29)');
  });
});
