import { describe, expect, it } from 'vitest';
import type { CsvMapping, ImportChoice } from '../../../shared/schemas/import.js';
import { answerWith, controlOf, openQuestions, optionWords } from './choice-answers.js';

const mapping: CsvMapping = {
  delimiter: ',',
  hasHeader: true,
  dateColumn: 0,
  dateOrder: 'mdy',
  decimalSeparator: '.',
  amountColumn: 1,
  debitColumn: null,
  creditColumn: null,
  descriptionColumn: 2,
  payeeColumn: null,
  categoryColumn: null,
  referenceColumn: null,
  indicatorColumn: null,
};

const choice = (answer: string): Pick<ImportChoice, 'answer'> => ({ answer });

describe('where an answer goes', () => {
  it('reads the answer path of each choice', () => {
    expect(controlOf(choice('reading.encoding'))).toEqual({
      type: 'select',
      to: 'reading',
      key: 'encoding',
    });
    expect(controlOf(choice('mapping.dateOrder'))).toEqual({
      type: 'select',
      to: 'mapping',
      key: 'dateOrder',
    });
    expect(controlOf(choice('mapping'))).toEqual({ type: 'mapping' });
    expect(controlOf(choice('statements'))).toEqual({ type: 'statements' });
    expect(controlOf(choice(''))).toEqual({ type: 'none' });
    // An answer the API does not take is never sent (the request would be refused).
    expect(controlOf(choice('reading.somethingElse'))).toEqual({ type: 'unsupported' });
    expect(controlOf(choice('mapping.amountColumn'))).toEqual({ type: 'unsupported' });
  });

  it('puts a QIF date order, an encoding and the yes/no answers in reading', () => {
    const none = { reading: {}, mapping: undefined };
    expect(answerWith(none, choice('reading.dateOrder'), 'dmy', undefined)).toEqual({
      reading: { dateOrder: 'dmy' },
      mapping: undefined,
    });
    expect(
      answerWith(none, choice('reading.encoding'), 'windows-1252', undefined)?.reading,
    ).toEqual({ encoding: 'windows-1252' });
    expect(
      answerWith(none, choice('reading.roundSubCents'), 'round half-even', undefined)?.reading,
    ).toEqual({ roundSubCents: true });
    expect(
      answerWith(none, choice('reading.roundSubCents'), 'leave out', undefined)?.reading,
    ).toEqual({ roundSubCents: false });
    expect(
      answerWith(none, choice('reading.allowFarFutureDates'), 'import', undefined)?.reading,
    ).toEqual({ allowFarFutureDates: true });
    expect(answerWith(none, choice('reading.dateOrder'), 'nonsense', undefined)).toBeNull();
  });

  it("patches a CSV's mapping: the person's, else the one the preview used", () => {
    const none = { reading: {}, mapping: undefined };
    expect(answerWith(none, choice('mapping.dateOrder'), 'dmy', mapping)?.mapping).toEqual({
      ...mapping,
      dateOrder: 'dmy',
    });
    const mine = { ...mapping, payeeColumn: 3 };
    expect(
      answerWith({ reading: {}, mapping: mine }, choice('mapping.decimalSeparator'), ',', mapping)
        ?.mapping,
    ).toEqual({ ...mine, decimalSeparator: ',' });
    expect(answerWith(none, choice('mapping.dateOrder'), 'dmy', undefined)).toBeNull();
    expect(answerWith(none, choice('mapping'), 'signed', mapping)).toBeNull();
  });

  it('words the options for people', () => {
    expect(optionWords('dateOrder', 'dmy')).toBe('Day.month.year');
    expect(optionWords('decimalSeparator', ',')).toBe('Decimal comma (1.234,56)');
    expect(optionWords('encoding', 'windows-1252')).toBe('Windows-1252 (Western European)');
    expect(optionWords('encoding', 'koi8-r')).toBe('KOI8-R');
    expect(optionWords('subCents', 'leave out')).toBe('Leave these rows out');
  });
});

describe('open questions', () => {
  const date = (needsAnswer: boolean, evidence: string) =>
    ({ kind: 'dateOrder', needsAnswer, evidence }) as const;

  it('keeps a question the person has not answered, even when a later preview says it is', () => {
    const first = openQuestions(new Map(), [
      date(true, 'no day above 12 in this file'),
      { kind: 'columns', needsAnswer: false, evidence: 'Date: column 1' },
    ]);
    expect([...first]).toEqual([['dateOrder', 'no day above 12 in this file']]);
    // A changed column sends the mapping, whose date order the server then takes as given.
    const second = openQuestions(first, [
      date(false, 'Dates read as month.day.year, as you chose'),
      { kind: 'columns', needsAnswer: false, evidence: 'Columns as given' },
    ]);
    expect([...second]).toEqual([['dateOrder', 'no day above 12 in this file']]);
  });

  it('drops a question the file no longer raises, and takes a new one', () => {
    const open = openQuestions(
      new Map([
        ['encoding', 'two encodings read as well'],
        ['dateOrder', 'no day above 12'],
      ]),
      [date(true, 'the file contradicts itself')],
    );
    expect([...open]).toEqual([['dateOrder', 'the file contradicts itself']]);
  });
});
