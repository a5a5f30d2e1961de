import { MAX_OPERATION_CENTS } from '../../../shared/money.js';

export type AmountResult = { cents: bigint } | { error: string };

/**
 * Reads a bank's amount text as signed cents, exactly (no float): a leading or trailing sign,
 * parentheses for negatives, currency symbols and letters around it, and thousands separators
 * (`1,234.50`, `1.234,50`, `1 234,50`, `1'234.50`) given which character is the decimal one.
 */
export function parseAmount(raw: string, decimal: '.' | ','): AmountResult {
  let text = raw.trim();
  if (text === '') return { error: 'No amount' };
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  // Currency codes and symbols, and spaces of every kind, are not part of the figure.
  text = text.replace(/[\p{L}\p{Sc}\s]/gu, '');
  if (text.endsWith('-')) {
    negative = !negative;
    text = text.slice(0, -1);
  } else if (text.endsWith('+')) {
    text = text.slice(0, -1);
  }
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1);
  } else if (text.startsWith('+')) {
    text = text.slice(1);
  }
  const thousands = decimal === '.' ? /[,']/g : /[.']/g;
  text = text.replace(thousands, '');
  if (decimal === ',') text = text.replace(',', '.');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return { error: `The amount “${raw.trim()}” is not a number` };
  const fraction = match[2] ?? '';
  if (fraction.length > 2 && /[1-9]/.test(fraction.slice(2))) {
    return { error: `The amount “${raw.trim()}” has more than two decimals` };
  }
  const whole = match[1] ?? '0';
  if (whole.length > 15) return { error: `The amount “${raw.trim()}” is too large` };
  const cents = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  if (cents > MAX_OPERATION_CENTS) return { error: `The amount “${raw.trim()}” is too large` };
  return { cents: negative ? -cents : cents };
}

/**
 * Which character is the decimal separator of these amounts: a comma when some amount ends
 * with a comma and one or two digits and none ends with a dot and one or two digits.
 */
export function guessDecimal(samples: readonly string[]): '.' | ',' {
  let comma = 0;
  let dot = 0;
  for (const sample of samples) {
    const text = sample.trim().replace(/[)\-+\p{L}\p{Sc}\s]+$/gu, '');
    if (/,\d{1,2}$/.test(text)) comma += 1;
    else if (/\.\d{1,2}$/.test(text)) dot += 1;
  }
  return comma > dot ? ',' : '.';
}
