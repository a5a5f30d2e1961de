import { beforeEach, describe, expect, it } from 'vitest';
import { useLocaleStore } from '../../lib/locale.js';
import { USD } from '../../lib/format.js';
import { TO_ASSIGN, holdFormSchema, placeId, rolloverFormSchema } from './budget-forms.js';

const JPY = { code: 'JPY', exponent: 0 } as const;

describe('budget dialogs', () => {
  beforeEach(() => useLocaleStore.setState({ locale: 'en-US' }));

  it('holds 0 or more, never an amount it cannot read', () => {
    expect(holdFormSchema(USD).parse({ amount: '0' })).toEqual({ amount: 0 });
    expect(holdFormSchema(USD).parse({ amount: '1,250.5' })).toEqual({ amount: 1250.5 });
    const empty = holdFormSchema(USD).safeParse({ amount: '' });
    expect(empty.error?.issues[0]?.message).toBe(
      'Type the amount to hold; 0 releases what is held.',
    );
    const yen = holdFormSchema(JPY).safeParse({ amount: '12.5' });
    expect(yen.error?.issues[0]?.message).toBe('JPY amounts have no decimals');
  });

  it('takes a cap with the rule capped only', () => {
    expect(rolloverFormSchema(USD).parse({ rule: 'none', cap: '12' })).toEqual({ rule: 'none' });
    expect(rolloverFormSchema(USD).parse({ rule: 'capped', cap: '50' })).toEqual({
      rule: 'capped',
      cap: 50,
    });
    const missing = rolloverFormSchema(USD).safeParse({ rule: 'capped', cap: '' });
    expect(missing.error?.issues[0]?.path).toEqual(['cap']);
    expect(rolloverFormSchema(USD).safeParse({ rule: 'sometimes', cap: '' }).success).toBe(false);
  });

  it('names To assign as null', () => {
    expect(placeId(TO_ASSIGN)).toBeNull();
    expect(placeId('abc')).toBe('abc');
  });
});
