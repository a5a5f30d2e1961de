import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES } from '../../../shared/currencies.js';
import { BOOK_CURRENCY_CODES } from './currency-codes.js';
import { currencyChoices } from './currency-choices.js';

describe('the base currency choices', () => {
  it('offer exactly the codes the server takes, in its order', () => {
    expect(BOOK_CURRENCY_CODES).toEqual(CURRENCY_CODES);
  });

  it("name each currency in the person's locale, code first", () => {
    const en = currencyChoices('en-US');
    expect(en.map((choice) => choice.value)).toEqual(CURRENCY_CODES);
    expect(en.find((choice) => choice.value === 'EUR')?.label).toBe('EUR – Euro');
    expect(currencyChoices('de-DE').find((choice) => choice.value === 'JPY')?.label).toBe(
      'JPY – Japanischer Yen',
    );
  });
});
