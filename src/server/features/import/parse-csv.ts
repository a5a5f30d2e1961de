import { AppError } from '../../lib/app-error.js';
import type { CsvMapping, DateOrder } from '../../../shared/schemas/import.js';
import { DESCRIPTION_MAX } from '../../../shared/schemas/account.js';
import { IMPORT_ROWS_MAX, PAYEE_MAX } from '../../../shared/limits.js';
import { decideDecimal, parseAmount, type ExactAmount } from './amounts.js';
import { SIDE_WORDS, moneyShape, sideOf } from './csv-cells.js';
import { isDateCell, proposeColumns } from './csv-columns.js';
import {
  assertLineLimit,
  guessDelimiter,
  locateTable,
  splitCsv,
  type CsvRecord,
} from './csv-split.js';
import { dateOrderLabel, decideDateOrder, parseDate, twoDigitYearChoice } from './dates.js';
import { FILE_MESSAGES } from './decode-file.js';
import {
  clip,
  shortText,
  singleStatement,
  type ParsedRow,
  type ReadingChoice,
  type ReadOptions,
  type ReadResult,
  type RowError,
} from './parsed-file.js';

// CSV statements (docs/import.md#csv): csv-split.ts splits the records in one linear pass
// (physical lines counted first, every field cut to IMPORT_FIELD_MAX) and finds the table
// among them; csv-columns.ts proposes a mapping from the values and headers; this file decides
// the date order and decimal separator from all of the file's values and reads each record.

const SAMPLE_ROWS = 5;
const SIGN_OPTIONS = ['signed', 'indicator', 'debitCredit'];

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
  if ((mapping.indicatorColumn ?? null) !== null && mapping.amountColumn === null) {
    return 'A debit/credit column goes with one amount column';
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

/** The row as a person finds it in the file, shortened (built from at most ~300 characters). */
function rowText(cells: readonly string[], delimiter: string): string {
  const separator = delimiter === '\t' ? ' ' : delimiter;
  let text = '';
  for (const [i, value] of cells.entries()) {
    if (text.length > 300) break;
    text += (i === 0 ? '' : separator) + value.slice(0, 300);
  }
  return shortText(text);
}

const abs = (cents: bigint) => (cents < 0n ? -cents : cents);

function readRecord(
  record: readonly string[],
  mapping: CsvMapping,
  today: string,
): Omit<ParsedRow, 'line'> | string {
  const dateText = cell(record, mapping.dateColumn);
  const occurredOn = parseDate(dateText, mapping.dateOrder, today);
  if (!occurredOn) {
    return dateText === ''
      ? 'No date'
      : `The date “${dateText}” is not a date (${dateOrderLabel(mapping.dateOrder)} expected)`;
  }
  let amountCents: bigint;
  let exactAmount: ExactAmount;
  let writtenAmount: string | null = null;
  const indicator = mapping.indicatorColumn ?? null;
  if (mapping.amountColumn !== null) {
    const amount = parseAmount(cell(record, mapping.amountColumn), mapping.decimalSeparator);
    if ('error' in amount) return amount.error;
    amountCents = amount.cents;
    exactAmount = amount.exact;
    writtenAmount = amount.written;
    if (indicator !== null) {
      const mark = cell(record, indicator);
      if (mark === '') return `No debit or credit mark (column ${indicator + 1})`;
      const side = sideOf(mark);
      if (side === null) {
        return `The debit/credit mark “${mark}” is neither a debit nor a credit (${SIDE_WORDS} expected)`;
      }
      amountCents = side === 'debit' ? -abs(amountCents) : abs(amountCents);
      const size = abs(exactAmount.value);
      exactAmount = { value: side === 'debit' ? -size : size, scale: exactAmount.scale };
    }
  } else {
    const debitText = cell(record, mapping.debitColumn);
    const creditText = cell(record, mapping.creditColumn);
    const none = { cents: 0n, written: null, exact: { value: 0n, scale: 0 } };
    const debit = debitText === '' ? none : parseAmount(debitText, mapping.decimalSeparator);
    const credit = creditText === '' ? none : parseAmount(creditText, mapping.decimalSeparator);
    if ('error' in debit) return debit.error;
    if ('error' in credit) return credit.error;
    const isCredit = credit.exact.value !== 0n;
    if (debit.exact.value !== 0n && isCredit) return 'The row has both a debit and a credit';
    amountCents = isCredit ? abs(credit.cents) : -abs(debit.cents);
    writtenAmount = isCredit ? credit.written : debit.written;
    const side = isCredit ? credit.exact : debit.exact;
    exactAmount = { value: isCredit ? abs(side.value) : -abs(side.value), scale: side.scale };
  }
  if (exactAmount.value === 0n) return 'The amount is zero';
  const payee = clip(cell(record, mapping.payeeColumn), PAYEE_MAX);
  const description = clip(cell(record, mapping.descriptionColumn), DESCRIPTION_MAX) || payee;
  const bankRef = clip(cell(record, mapping.referenceColumn), 255) || null;
  const categoryName = cell(record, mapping.categoryColumn) || null;
  return {
    occurredOn,
    amountCents,
    exactAmount,
    description,
    payee,
    bankRef,
    categoryName,
    currency: null,
    writtenAmount,
  };
}

/** A first record with no date in it and some text that is not money is a header. */
function looksLikeHeader(record: CsvRecord | undefined, today: string): boolean {
  if (!record) return false;
  return (
    !record.cells.some((value) => isDateCell(value, today)) &&
    record.cells.some((value) => value.trim() !== '' && moneyShape(value) === null)
  );
}

const lineRange = (from: number, to: number) =>
  from === to ? `line ${from}` : `lines ${from}–${to}`;

/** The records before and after the table, in words for the evidence (null when none). */
function skippedText(records: readonly CsvRecord[], start: number, end: number): string | null {
  const parts: string[] = [];
  const first = records[0];
  const beforeTable = records[start - 1];
  if (start > 0 && first && beforeTable) {
    parts.push(`${lineRange(first.line, beforeTable.line)} before the table`);
  }
  const afterTable = records[end];
  const last = records[records.length - 1];
  if (end < records.length && afterTable && last) {
    parts.push(`${lineRange(afterTable.line, last.line)} after it`);
  }
  return parts.length === 0 ? null : `Skipped ${parts.join(' and ')} (not rows of the table)`;
}

const columnName = (headers: readonly string[], index: number) => {
  const name = (headers[index] ?? '').trim();
  return name === '' ? `column ${index + 1}` : `column '${name}'`;
};

/** The columns and sign choices of a mapping the person gave: answered, shown for review. */
function givenChoices(
  mapping: CsvMapping,
  headers: readonly string[],
  rows: number,
  skipped: string | null,
): ReadingChoice[] {
  const name = (index: number | null) => (index === null ? 'none' : columnName(headers, index));
  const parts = [`Date: ${name(mapping.dateColumn)}`];
  let sign: string;
  let chosen: string;
  if (mapping.amountColumn !== null) {
    parts.push(`amount: ${name(mapping.amountColumn)}`);
    if (mapping.indicatorColumn !== null) {
      chosen = 'indicator';
      sign = `Amounts are read as sizes; ${name(mapping.indicatorColumn)} says debit or credit`;
    } else {
      chosen = 'signed';
      sign = 'Amounts are read with their sign';
    }
  } else {
    parts.push(`debit: ${name(mapping.debitColumn)}, credit: ${name(mapping.creditColumn)}`);
    chosen = 'debitCredit';
    sign = `Money out is in ${name(mapping.debitColumn)} and money in is in ${name(mapping.creditColumn)}`;
  }
  parts.push(`reference: ${name(mapping.referenceColumn)}`);
  return [
    {
      kind: 'columns',
      answer: 'mapping',
      chosen: 'given',
      options: [],
      evidence: `Columns as given. ${[...(skipped ? [skipped] : []), ...parts].join('; ')}`,
      needsAnswer: false,
      rows,
    },
    {
      kind: 'sign',
      answer: 'mapping',
      chosen,
      options: SIGN_OPTIONS,
      evidence: sign,
      needsAnswer: false,
      rows,
    },
  ];
}

const valuesOf = (rows: readonly string[][], index: number | null) =>
  index === null ? [] : rows.map((row) => cell(row, index)).filter((value) => value !== '');

/** Reads a CSV statement with the given mapping, or the one it proposes. */
export function parseCsv(text: string, options: ReadOptions): ReadResult {
  const content = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  assertLineLimit(content);
  // A mapping remembered before indicator columns existed has none.
  const given: CsvMapping | undefined = options.mapping && {
    ...options.mapping,
    indicatorColumn: options.mapping.indicatorColumn ?? null,
  };
  const today = options.today;
  const delimiter = given?.delimiter ?? guessDelimiter(content);
  const records = splitCsv(content, delimiter);
  const { start, end } = locateTable(records, (record) =>
    record.cells.some((value) => isDateCell(value, today)),
  );
  const table = records.slice(start, end);
  const hasHeader = given?.hasHeader ?? looksLikeHeader(table[0], today);
  const headers = hasHeader ? (table[0]?.cells ?? []) : [];
  const body = table.slice(hasHeader ? 1 : 0);
  if (body.length > IMPORT_ROWS_MAX) {
    throw new AppError('UNPROCESSABLE', FILE_MESSAGES.tooManyRows(IMPORT_ROWS_MAX));
  }
  const cells = body.map((record) => record.cells);
  let width = headers.length;
  for (const row of cells) width = Math.max(width, row.length);

  const skipped = skippedText(records, start, end);
  let base: CsvMapping;
  let proposed: ReadingChoice[] | null = null;
  if (given) {
    base = given;
  } else {
    const proposal = proposeColumns({
      delimiter,
      hasHeader,
      headers,
      rows: cells,
      width,
      today,
      skipped,
    });
    base = proposal.mapping;
    proposed = proposal.choices;
  }
  const amountValues = [base.amountColumn, base.debitColumn, base.creditColumn].flatMap((index) =>
    valuesOf(cells, index),
  );
  const decimal = decideDecimal(amountValues, {
    given: given?.decimalSeparator,
    answer: 'mapping.decimalSeparator',
  });
  const dates = valuesOf(cells, base.dateColumn);
  const dotted = dates.slice(0, 50).some((value) => /^\d{1,2}\.\d{1,2}\./.test(value));
  const fallback: DateOrder = dotted || decimal.decimal === ',' ? 'dmy' : 'mdy';
  const order = decideDateOrder(dates, {
    fallback,
    given: given?.dateOrder,
    answer: 'mapping.dateOrder',
    today,
  });
  const mapping: CsvMapping = {
    ...base,
    decimalSeparator: decimal.decimal,
    dateOrder: order.order,
  };
  const choices: ReadingChoice[] = [
    ...(proposed ?? givenChoices(mapping, headers, body.length, skipped)),
    ...[order.choice, twoDigitYearChoice(dates, order.order, today), decimal.choice].filter(
      (choice): choice is ReadingChoice => choice !== null,
    ),
  ];

  const problem = mappingProblem(mapping, width);
  const csv = { headers, sample: cells.slice(0, SAMPLE_ROWS), mapping, problem };
  const rows: ParsedRow[] = [];
  const errors: RowError[] = [];
  if (problem === null) {
    for (const record of body) {
      const line = record.line;
      if (record.broken !== null) {
        errors.push({ line, reason: record.broken, text: rowText(record.cells, delimiter) });
        continue;
      }
      const read = readRecord(record.cells, mapping, today);
      if (typeof read === 'string') {
        errors.push({ line, reason: read, text: rowText(record.cells, delimiter) });
      } else {
        rows.push({ line, ...read });
      }
    }
  }
  return {
    format: 'csv',
    statements: [singleStatement(rows, errors)],
    unsupported: [],
    csv,
    choices,
  };
}
