import { z } from 'zod';
import { centsToUnits } from '../../../shared/money.js';
import { readAmount } from './typed-amounts.js';

/**
 * An amount field's check: the text as typed, read in the person's locale (12,50 in Germany),
 * becomes the amount it stands for; it is never reformatted or trimmed of characters. Text it
 * cannot read gets the reason (a sign, a letter, marks that could mean two amounts, a broken
 * limit in the server's words); empty or zero gets the form's message (`invalidMessage`, the
 * spec's "Please enter a valid amount..."). With `reasons: false` it is always the form's
 * message (the inline edit's one line).
 */
export function amountText(invalidMessage: string, { reasons = true } = {}) {
  return z.string().transform((text, context) => {
    const read = readAmount(text);
    if (read.kind === 'cents' && read.cents > 0n) return centsToUnits(read.cents);
    const message = reasons && read.kind === 'unreadable' ? read.message : invalidMessage;
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
}

/**
 * An optional amount field (an account's credit limit or opening balance): empty is none
 * (undefined), 0 is an amount, text that cannot be read gets the reason.
 */
export function optionalAmountText() {
  return z.string().transform((text, context) => {
    const read = readAmount(text);
    if (read.kind === 'cents') return centsToUnits(read.cents);
    if (read.kind === 'unreadable') {
      context.addIssue({ code: 'custom', message: read.message });
      return z.NEVER;
    }
    return undefined;
  });
}
