import { z } from 'zod';
import { amountTextProblem, parseAmount } from '../../../shared/validation.js';

/**
 * An amount field's check: the text as typed becomes the amount it stands for, never reformatted.
 * Its problem is the server's own words for a broken limit (too many decimals, above the
 * maximum), else the form's message (`invalidMessage`, the spec's "Please enter a valid amount...").
 * With `limitWords: false` it is always the form's message (the inline edit's one line).
 */
export function amountText(invalidMessage: string, { limitWords = true } = {}) {
  return z.string().transform((text, context) => {
    const amount = parseAmount(text);
    if (amount !== null) return amount;
    const limit = limitWords ? amountTextProblem(text) : null;
    context.addIssue({ code: 'custom', message: limit ?? invalidMessage });
    return z.NEVER;
  });
}

/** The amount `text` stands for, or null (a submit button waits for one). */
export const amountOf = (text: string): number | null => parseAmount(text);
