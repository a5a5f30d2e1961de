import Papa from 'papaparse';
import { CSV_DELIMITERS, type CsvMapping } from '../../../shared/schemas/import.js';
import { DESCRIPTION_MAX } from '../../../shared/schemas/account.js';
import { PAYEE_MAX } from '../../../shared/limits.js';
import { guessDecimal, parseAmount } from './amounts.js';
import { dateOrderLabel, guessDateOrder, looksLikeDate, parseDate } from './dates.js';
import { foldText } from './text-fold.js';
import { clip, shortText, type ParsedFile, type ParsedRow, type RowError } from './parsed-file.js';

// CSV statements (docs/import.md#csv): Papa Parse splits the records (any delimiter, quoted
// fields); this file proposes a mapping from the headers and content and reads each record
// through it.

const SAMPLE_ROWS = 5;

type Field = Exclude<
  keyof CsvMapping,
  'delimiter' | 'hasHeader' | 'dateOrder' | 'decimalSeparator'
>;

/** Header words per field, folded; checked in this order so "Debit amount" is a debit. */
const HEADER_WORDS: [Field, RegExp][] = [
  ['dateColumn', /\b(date|datum|fecha|data|buchungstag|booking|posted|valuta|day)\b/],
  ['debitColumn', /\b(debit|debits|withdrawal|withdrawals|soll|paid out|money out|outflow|out)\b/],
  ['creditColumn', /\b(credit|credits|deposit|deposits|haben|paid in|money in|inflow|in)\b/],
  ['amountColumn', /\b(amount|betrag|montant|importe|importo|bedrag|value|sum)\b/],
  ['categoryColumn', /\b(category|categorie|kategorie|categoria)\b/],
  ['payeeColumn', /\b(payee|merchant|counterparty|beneficiary|empfanger|beneficiaire|name)\b/],
  ['referenceColumn', /\b(reference|ref|id|fitid|transaction id)\b/],
  [
    'descriptionColumn',
    /\b(description|memo|details|narrative|libelle|verwendungszweck|text|concepto|descripcion|purpose)\b/,
  ],
];

function split(
  text: string,
  delimiter: string | undefined,
): { data: string[][]; delimiter: string; broken: Map<number, string> } {
  const result = Papa.parse<string[]>(text, {
    delimiter: delimiter ?? '',
    delimitersToGuess: [...CSV_DELIMITERS],
    skipEmptyLines: 'greedy',
  });
  const broken = new Map<number, string>();
  for (const error of result.errors) {
    if (error.row === undefined) continue;
    broken.set(
      error.row,
      error.code === 'MissingQuotes'
        ? 'A quoted field is not closed: the file looks cut off'
        : error.message,
    );
  }
  const found = result.meta.delimiter;
  const known = (CSV_DELIMITERS as readonly string[]).includes(found) ? found : ',';
  return { data: result.data, delimiter: known, broken };
}

function columnValues(rows: readonly string[][], index: number): string[] {
  return rows.map((row) => row[index] ?? '').filter((cell) => cell.trim() !== '');
}

const isAmountish = (cell: string) =>
  /^[(+-]?[\p{Sc}\s]*[\d.,' ]+\d[\s\p{L}\p{Sc})+-]*$/u.test(cell.trim());

/** A mapping proposed from the header names, or from the content when there are no headers. */
export function guessMapping(data: readonly string[][], delimiter: string): CsvMapping {
  const first = data[0] ?? [];
  const hasHeader = first.length > 0 && !first.some(looksLikeDate);
  const body = data.slice(hasHeader ? 1 : 0, hasHeader ? 201 : 200);
  const mapping: CsvMapping = {
    delimiter: delimiter as CsvMapping['delimiter'],
    hasHeader,
    dateColumn: null,
    dateOrder: 'dmy',
    decimalSeparator: '.',
    amountColumn: null,
    debitColumn: null,
    creditColumn: null,
    descriptionColumn: null,
    payeeColumn: null,
    categoryColumn: null,
    referenceColumn: null,
  };
  const taken = new Set<number>();
  if (hasHeader) {
    for (const [field, words] of HEADER_WORDS) {
      const index = first.findIndex((name, i) => !taken.has(i) && words.test(foldText(name)));
      if (index >= 0) {
        mapping[field] = index;
        taken.add(index);
      }
    }
    // A lone debit or credit column named "amount"-less is the signed amount.
    if (
      mapping.amountColumn === null &&
      (mapping.debitColumn === null) !== (mapping.creditColumn === null)
    ) {
      mapping.amountColumn = mapping.debitColumn ?? mapping.creditColumn;
      mapping.debitColumn = null;
      mapping.creditColumn = null;
    }
  }
  const width = Math.max(0, ...body.map((row) => row.length));
  if (mapping.dateColumn === null) {
    for (let i = 0; i < width; i += 1) {
      const values = columnValues(body, i);
      if (!taken.has(i) && values.length > 0 && values.every(looksLikeDate)) {
        mapping.dateColumn = i;
        taken.add(i);
        break;
      }
    }
  }
  if (
    mapping.amountColumn === null &&
    mapping.debitColumn === null &&
    mapping.creditColumn === null
  ) {
    for (let i = width - 1; i >= 0; i -= 1) {
      const values = columnValues(body, i);
      if (!taken.has(i) && values.length > 0 && values.every(isAmountish)) {
        mapping.amountColumn = i;
        taken.add(i);
        break;
      }
    }
  }
  if (mapping.descriptionColumn === null) {
    let longest = -1;
    for (let i = 0; i < width; i += 1) {
      if (taken.has(i)) continue;
      const values = columnValues(body, i);
      const length = values.reduce((sum, value) => sum + value.length, 0);
      if (values.length > 0 && !values.every(isAmountish) && length > longest) {
        longest = length;
        mapping.descriptionColumn = i;
      }
    }
  }
  const amountColumns = [mapping.amountColumn, mapping.debitColumn, mapping.creditColumn];
  mapping.decimalSeparator = guessDecimal(
    amountColumns.flatMap((index) => (index === null ? [] : columnValues(body, index))),
  );
  const dates = mapping.dateColumn === null ? [] : columnValues(body, mapping.dateColumn);
  mapping.dateOrder = guessDateOrder(dates, mapping.decimalSeparator === ',' ? 'dmy' : 'mdy');
  return mapping;
}

/** Why a mapping cannot read this file, or null. */
export function mappingProblem(mapping: CsvMapping, width: number): string | null {
  if (mapping.dateColumn === null) return 'Choose the column that holds the date';
  if (
    mapping.amountColumn === null &&
    mapping.debitColumn === null &&
    mapping.creditColumn === null
  ) {
    return 'Choose the amount column, or the debit and credit columns';
  }
  if (
    mapping.amountColumn !== null &&
    (mapping.debitColumn !== null || mapping.creditColumn !== null)
  ) {
    return 'Choose either one amount column or debit and credit columns, not both';
  }
  const named = Object.entries(mapping).filter(
    ([key, value]) => key.endsWith('Column') && typeof value === 'number',
  ) as [string, number][];
  const outside = named.find(([, index]) => index >= width);
  if (outside) {
    return `Column ${outside[1] + 1} does not exist: this file has ${width} column${width === 1 ? '' : 's'}`;
  }
  return null;
}

const cell = (record: readonly string[], index: number | null) =>
  index === null ? '' : (record[index] ?? '').trim();

function readRecord(
  record: readonly string[],
  mapping: CsvMapping,
): Omit<ParsedRow, 'line'> | string {
  const dateText = cell(record, mapping.dateColumn);
  const occurredOn = parseDate(dateText, mapping.dateOrder);
  if (!occurredOn) {
    return dateText === ''
      ? 'No date'
      : `The date “${dateText}” is not a date (${dateOrderLabel(mapping.dateOrder)} expected)`;
  }
  let amountCents: bigint;
  if (mapping.amountColumn !== null) {
    const amount = parseAmount(cell(record, mapping.amountColumn), mapping.decimalSeparator);
    if ('error' in amount) return amount.error;
    amountCents = amount.cents;
  } else {
    const debitText = cell(record, mapping.debitColumn);
    const creditText = cell(record, mapping.creditColumn);
    const debit =
      debitText === '' ? { cents: 0n } : parseAmount(debitText, mapping.decimalSeparator);
    const credit =
      creditText === '' ? { cents: 0n } : parseAmount(creditText, mapping.decimalSeparator);
    if ('error' in debit) return debit.error;
    if ('error' in credit) return credit.error;
    if (debit.cents !== 0n && credit.cents !== 0n) return 'The row has both a debit and a credit';
    const abs = (cents: bigint) => (cents < 0n ? -cents : cents);
    amountCents = credit.cents !== 0n ? abs(credit.cents) : -abs(debit.cents);
  }
  if (amountCents === 0n) return 'The amount is zero';
  const payee = clip(cell(record, mapping.payeeColumn), PAYEE_MAX);
  const description = clip(cell(record, mapping.descriptionColumn), DESCRIPTION_MAX) || payee;
  const bankRef = clip(cell(record, mapping.referenceColumn), 255) || null;
  const categoryName = cell(record, mapping.categoryColumn) || null;
  return { occurredOn, amountCents, description, payee, bankRef, categoryName };
}

/** Reads a CSV statement with the given mapping, or the one it proposes. */
export function parseCsv(text: string, given: CsvMapping | undefined): ParsedFile {
  const { data, delimiter, broken } = split(text, given?.delimiter);
  const mapping = given ?? guessMapping(data, delimiter);
  const headers = mapping.hasHeader ? (data[0] ?? []) : [];
  const start = mapping.hasHeader ? 1 : 0;
  const width = Math.max(
    0,
    ...data.slice(start, start + 200).map((row) => row.length),
    headers.length,
  );
  const problem = mappingProblem(mapping, width);
  const csv = { headers, sample: data.slice(start, start + SAMPLE_ROWS), mapping, problem };
  const rows: ParsedRow[] = [];
  const errors: RowError[] = [];
  if (problem !== null) return { format: 'csv', rows, errors, csv };
  for (let index = start; index < data.length; index += 1) {
    const record = data[index] ?? [];
    const line = index + 1;
    const text = shortText(record.join(mapping.delimiter === '\t' ? ' ' : mapping.delimiter));
    const brokenReason = broken.get(index);
    if (brokenReason !== undefined) {
      errors.push({ line, reason: brokenReason, text });
      continue;
    }
    const read = readRecord(record, mapping);
    if (typeof read === 'string') errors.push({ line, reason: read, text });
    else rows.push({ line, ...read });
  }
  return { format: 'csv', rows, errors, csv };
}
