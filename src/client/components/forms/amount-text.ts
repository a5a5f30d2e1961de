import { z } from 'zod';
import { USD, type DisplayCurrency } from '../../lib/format.js';
import { readMoney, unitsOf } from './typed-amounts.js';

/**
 * An amount field's check: the text as typed, read in the person's locale (12,50 in Germany)
 * with the decimals of `currency` (the account's: JPY none, KWD three; USD unless given), becomes
 * the amount it stands for; it is never reformatted or trimmed of characters. Text it cannot
 * read gets the reason (a sign, a letter, marks that could mean two amounts, more decimals than
 * the currency has, a broken limit in the server's words); empty or zero gets the form's message
 * (`invalidMessage`, the spec's "Please enter a valid amount..."). With `reasons: false` it is
 * always the form's message (the inline edit's one line).
 */
export function amountText(
  invalidMessage: string,
  { reasons = true, currency = USD }: { reasons?: boolean; currency?: DisplayCurrency } = {},
) {
  return z.string().transform((text, context) => {
    const read = readMoney(text, currency);
    if (read.kind === 'minorUnits' && read.minorUnits > 0n)
      return unitsOf(read.minorUnits, currency);
    const message = reasons && read.kind === 'unreadable' ? read.message : invalidMessage;
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
}

/**
 * An optional amount field (an account's credit limit or opening balance, a statement's balance)
 * in `currency`: empty is none (undefined), 0 is an amount, text that cannot be read gets the
 * reason.
 */
export function optionalAmountText(currency: DisplayCurrency = USD) {
  return z.string().transform((text, context) => {
    const read = readMoney(text, currency);
    if (read.kind === 'minorUnits') return unitsOf(read.minorUnits, currency);
    if (read.kind === 'unreadable') {
      context.addIssue({ code: 'custom', message: read.message });
      return z.NEVER;
    }
    return undefined;
  });
}
