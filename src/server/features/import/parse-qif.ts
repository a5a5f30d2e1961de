import { DESCRIPTION_MAX } from '../../../shared/schemas/account.js';
import { PAYEE_MAX } from '../../../shared/limits.js';
import { guessDecimal, parseAmount } from './amounts.js';
import { guessDateOrder, parseDate } from './dates.js';
import { clip, shortText, type ParsedFile, type ParsedRow, type RowError } from './parsed-file.js';

// QIF (Quicken Interchange Format): records of one-letter fields ended by '^'. D date,
// T or U amount, P payee, M memo, L category, N check number. Split lines (S, E, $) are
// left out: the entry keeps the record's total.

export function isQif(text: string): boolean {
  return /^\s*!(Type|Account|Option)/i.test(text);
}

interface QifRecord {
  line: number;
  fields: Map<string, string>;
  text: string;
  closed: boolean;
}

function records(text: string): QifRecord[] {
  const out: QifRecord[] = [];
  let current: QifRecord | null = null;
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const lineText = raw.trim();
    if (lineText === '' || lineText.startsWith('!')) return;
    if (lineText === '^') {
      if (current) {
        current.closed = true;
        out.push(current);
      }
      current = null;
      return;
    }
    current ??= { line: index + 1, fields: new Map(), text: '', closed: false };
    const code = lineText[0] ?? '';
    if (!current.fields.has(code)) current.fields.set(code, lineText.slice(1).trim());
    current.text += (current.text ? ' ' : '') + lineText;
  });
  if (current) out.push(current);
  return out;
}

export function parseQif(text: string): ParsedFile {
  const rows: ParsedRow[] = [];
  const errors: RowError[] = [];
  const all = records(text);
  const dates = all.map((record) => record.fields.get('D') ?? '');
  const order = guessDateOrder(dates, 'mdy');
  const amounts = all.map((record) => record.fields.get('T') ?? record.fields.get('U') ?? '');
  const decimal = guessDecimal(amounts);
  for (const record of all) {
    const { line, fields } = record;
    const textOf = shortText(record.text);
    const dateText = fields.get('D') ?? '';
    const amountText = fields.get('T') ?? fields.get('U') ?? '';
    if (!record.closed && (dateText === '' || amountText === '')) {
      errors.push({
        line,
        reason: 'The transaction is cut off: the file looks truncated',
        text: textOf,
      });
      continue;
    }
    const occurredOn = parseDate(dateText, order);
    if (!occurredOn) {
      errors.push({
        line,
        reason: dateText ? `The date “${dateText}” is not a date` : 'No date',
        text: textOf,
      });
      continue;
    }
    const amount = parseAmount(amountText, decimal);
    if ('error' in amount) {
      errors.push({ line, reason: amount.error, text: textOf });
      continue;
    }
    if (amount.cents === 0n) {
      errors.push({ line, reason: 'The amount is zero', text: textOf });
      continue;
    }
    const payee = clip(fields.get('P') ?? '', PAYEE_MAX);
    const memo = clip(fields.get('M') ?? '', DESCRIPTION_MAX);
    const category = (fields.get('L') ?? '')
      .replace(/^\[.*\]$/, '')
      .split(':')
      .pop()
      ?.trim();
    rows.push({
      line,
      occurredOn,
      amountCents: amount.cents,
      description: memo || payee,
      payee,
      bankRef: null,
      categoryName: category || null,
    });
  }
  return { format: 'qif', rows, errors, csv: null };
}
