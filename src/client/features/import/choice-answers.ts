import type {
  CsvMapping,
  DateOrder,
  ImportChoice,
  ImportChoiceKind,
  ImportEncoding,
  ImportReading,
} from '../../../shared/schemas/import.js';

// The choices an import preview lists (docs/import.md#choices), in words, and where a person's
// answer goes: `reading` (encoding, a QIF's date order, sub-cent amounts, far-future dates), the
// CSV `mapping` (its date order and decimal separator; its columns in the mapping form), or the
// statements' accounts. Type-only imports: this runs in the import screen's chunk, without zod.

/** What each kind of choice is about (the label of its control), and the question it asks. */
export const CHOICE_WORDS: Record<ImportChoiceKind, { label: string; question: string }> = {
  encoding: { label: 'Text encoding', question: 'Which text encoding is this file in?' },
  dateOrder: { label: 'Date order', question: 'How should the dates be read?' },
  twoDigitYears: { label: 'Two-digit years', question: 'How should two-digit years be read?' },
  decimalSeparator: {
    label: 'Decimal separator',
    question: 'Which character separates the cents?',
  },
  columns: { label: 'Columns', question: 'Which columns hold the date and the amount?' },
  sign: { label: 'Money in and out', question: 'Which amounts are money out?' },
  statements: {
    label: 'Statements',
    question: 'Which account does each statement go to?',
  },
  subCents: {
    label: 'Amounts below the cent',
    question: 'Import the amounts written with more than two decimals?',
  },
  farFutureDates: {
    label: 'Dates more than a year ahead',
    question: 'Import the rows dated more than a year after today?',
  },
};

const DATE_ORDER_WORDS: Record<DateOrder, string> = {
  dmy: 'Day.month.year',
  mdy: 'Month.day.year',
  ymd: 'Year.month.day',
};

const ENCODING_WORDS: Partial<Record<ImportEncoding, string>> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 (little-endian)',
  'utf-16be': 'UTF-16 (big-endian)',
  'windows-1252': 'Windows-1252 (Western European)',
  'iso-8859-1': 'ISO-8859-1 (Latin-1)',
  'iso-8859-15': 'ISO-8859-15 (Latin-9, with €)',
  'windows-1250': 'Windows-1250 (Central European)',
  'windows-1251': 'Windows-1251 (Cyrillic)',
  'iso-8859-2': 'ISO-8859-2 (Latin-2)',
  gb18030: 'GB18030 (Chinese, simplified)',
  big5: 'Big5 (Chinese, traditional)',
  shift_jis: 'Shift JIS (Japanese)',
  'euc-kr': 'EUC-KR (Korean)',
};

export const encodingWords = (encoding: string): string =>
  ENCODING_WORDS[encoding as ImportEncoding] ?? encoding.toUpperCase();

const isDateOrder = (value: string): value is DateOrder =>
  value === 'dmy' || value === 'mdy' || value === 'ymd';

/** The words of one option of a choice ("Day.month.year", "Decimal comma (1.234,56)"...). */
export function optionWords(kind: ImportChoiceKind, option: string): string {
  switch (kind) {
    case 'encoding':
      return encodingWords(option);
    case 'dateOrder':
      return isDateOrder(option) ? DATE_ORDER_WORDS[option] : option;
    case 'decimalSeparator':
      return option === ','
        ? 'Decimal comma (1.234,56)'
        : option === '.'
          ? 'Decimal point (1,234.56)'
          : option;
    case 'subCents':
      return option === 'leave out' ? 'Leave these rows out' : 'Import them rounded half-even';
    case 'farFutureDates':
      return option === 'leave out' ? 'Leave these rows out' : 'Import them';
    default:
      return option;
  }
}

/** The answers the request carries besides the CSV mapping. */
export interface Answers {
  reading: ImportReading;
  mapping: CsvMapping | undefined;
}

/** The `reading` fields the API takes (ImportReading); an answer naming another is not sendable. */
const READING_KEYS = [
  'encoding',
  'dateOrder',
  'decimalSeparator',
  'roundSubCents',
  'allowFarFutureDates',
] as const satisfies readonly (keyof ImportReading)[];
type ReadingKey = (typeof READING_KEYS)[number];

const MAPPING_KEYS = [
  'dateOrder',
  'decimalSeparator',
] as const satisfies readonly (keyof CsvMapping)[];
type MappingKey = (typeof MAPPING_KEYS)[number];

/**
 * How a choice is answered on the page: a select of its options (`reading.*`, `mapping.dateOrder`,
 * `mapping.decimalSeparator`), the mapping form (`mapping`: columns and sign), the statements'
 * account selects (`statements`), nothing (`''`: it only informs), or not here at all (an answer
 * the API does not take).
 */
export type ChoiceControl =
  | { type: 'select'; to: 'reading'; key: ReadingKey }
  | { type: 'select'; to: 'mapping'; key: MappingKey }
  | { type: 'mapping' }
  | { type: 'statements' }
  | { type: 'none' }
  | { type: 'unsupported' };

export function controlOf(choice: Pick<ImportChoice, 'answer'>): ChoiceControl {
  const { answer } = choice;
  if (answer === '') return { type: 'none' };
  if (answer === 'mapping') return { type: 'mapping' };
  if (answer === 'statements') return { type: 'statements' };
  const [to, key, ...rest] = answer.split('.');
  if (rest.length === 0 && to === 'reading' && READING_KEYS.includes(key as ReadingKey)) {
    return { type: 'select', to, key: key as ReadingKey };
  }
  if (rest.length === 0 && to === 'mapping' && MAPPING_KEYS.includes(key as MappingKey)) {
    return { type: 'select', to, key: key as MappingKey };
  }
  return { type: 'unsupported' };
}

/**
 * The answers with one option of a choice given (`option` as the choice lists it), or null
 * when that choice is not answered by a select. A CSV answer patches the mapping the preview
 * used.
 */
export function answerWith(
  answers: Answers,
  choice: Pick<ImportChoice, 'answer'>,
  option: string,
  previewMapping: CsvMapping | undefined,
): Answers | null {
  const control = controlOf(choice);
  if (control.type !== 'select') return null;
  if (control.to === 'mapping') {
    const base = answers.mapping ?? previewMapping;
    if (!base) return null;
    if (control.key === 'dateOrder') {
      if (!isDateOrder(option)) return null;
      return { ...answers, mapping: { ...base, dateOrder: option } };
    }
    if (option !== '.' && option !== ',') return null;
    return { ...answers, mapping: { ...base, decimalSeparator: option } };
  }
  const reading = { ...answers.reading };
  switch (control.key) {
    case 'encoding':
      reading.encoding = option as ImportEncoding;
      break;
    case 'dateOrder':
      if (!isDateOrder(option)) return null;
      reading.dateOrder = option;
      break;
    case 'roundSubCents':
      reading.roundSubCents = option !== 'leave out';
      break;
    case 'allowFarFutureDates':
      reading.allowFarFutureDates = option !== 'leave out';
      break;
  }
  return { ...answers, reading };
}

/** Kinds answered by the mapping form: changing a column answers them. */
export const MAPPING_KINDS: readonly ImportChoiceKind[] = ['columns', 'sign'];

/**
 * The questions still open after a new preview, each with the evidence it was asked with:
 * those it asks, and those an earlier preview of the file asked that the person has not
 * answered yet and that it still lists. (A CSV mapping always carries a date order and a
 * decimal separator, so sending a changed column would otherwise answer an open date question
 * with the guess, silently, and the server would call it "as you chose".)
 */
export function openQuestions(
  before: ReadonlyMap<ImportChoiceKind, string>,
  choices: readonly Pick<ImportChoice, 'kind' | 'needsAnswer' | 'evidence'>[],
): Map<ImportChoiceKind, string> {
  const open = new Map<ImportChoiceKind, string>();
  for (const choice of choices) {
    if (choice.needsAnswer) open.set(choice.kind, choice.evidence);
    else {
      const asked = before.get(choice.kind);
      if (asked !== undefined) open.set(choice.kind, asked);
    }
  }
  return open;
}
