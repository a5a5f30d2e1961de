import { DESCRIPTION_MAX } from '../../../shared/schemas/account.js';
import { parseAmount } from './amounts.js';
import { parseDate } from './dates.js';
import { clip, shortText, type ParsedFile, type ParsedRow, type RowError } from './parsed-file.js';

// OFX and QFX statements, both the SGML 1.x form (leaf elements without closing tags) and the
// XML 2.x form (docs/decisions/014-own-tolerant-ofx-reader.md): each <STMTTRN> aggregate is one
// row; a leaf's value runs from its tag to the next '<' or line end, which reads both forms.

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function leaf(block: string, tag: string): string | null {
  const match = new RegExp(`<${tag}>([^<\\r\\n]*)`, 'i').exec(block);
  if (!match) return null;
  const value = decodeEntities((match[1] ?? '').trim());
  return value === '' ? null : value;
}

export function isOfx(text: string): boolean {
  const head = text.slice(0, 4096).trimStart();
  return (
    /^OFXHEADER\s*:/i.test(head) || /<OFX>/i.test(head) || /^<\?xml[^>]*>\s*<\?OFX/i.test(head)
  );
}

export function parseOfx(text: string): ParsedFile {
  const rows: ParsedRow[] = [];
  const errors: RowError[] = [];
  // Each block runs to its closing tag, or (cut-off files) to the next block or the end.
  const blocks = text.split(/<STMTTRN>/i).slice(1);
  blocks.forEach((rawBlock, index) => {
    const line = index + 1;
    const closed = /<\/STMTTRN>/i.exec(rawBlock);
    const block = closed ? rawBlock.slice(0, closed.index) : rawBlock;
    const textOf = shortText(block.replace(/<[^>]*>/g, ' '));
    const dateText = leaf(block, 'DTPOSTED') ?? leaf(block, 'DTUSER');
    const amountText = leaf(block, 'TRNAMT');
    if (!closed && (dateText === null || amountText === null)) {
      errors.push({
        line,
        reason: 'The transaction is cut off: the file looks truncated',
        text: textOf,
      });
      return;
    }
    if (dateText === null) return void errors.push({ line, reason: 'No date', text: textOf });
    const occurredOn = parseDate(dateText.slice(0, 8), 'ymd');
    if (!occurredOn) {
      return void errors.push({
        line,
        reason: `The date “${dateText}” is not a date`,
        text: textOf,
      });
    }
    if (amountText === null) return void errors.push({ line, reason: 'No amount', text: textOf });
    const decimal = /,\d{1,2}$/.test(amountText) && !amountText.includes('.') ? ',' : '.';
    const amount = parseAmount(amountText, decimal);
    if ('error' in amount) return void errors.push({ line, reason: amount.error, text: textOf });
    if (amount.cents === 0n)
      return void errors.push({ line, reason: 'The amount is zero', text: textOf });
    const name = leaf(block, 'NAME') ?? '';
    const memo = leaf(block, 'MEMO') ?? '';
    rows.push({
      line,
      occurredOn,
      amountCents: amount.cents,
      description: clip(name || memo, DESCRIPTION_MAX),
      payee: '',
      bankRef: clip(leaf(block, 'FITID') ?? '', 255) || null,
      categoryName: null,
    });
  });
  return { format: 'ofx', rows, errors, csv: null };
}
