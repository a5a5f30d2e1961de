import type { CsvMapping } from '../../../shared/schemas/import.js';
import { decideDecimal, parseAmount } from './amounts.js';
import { isBic, isCreditorId, isIban, isPhone, moneyShape, sideOf } from './csv-cells.js';
import { NEVER_LABELS, readHeader, type HeaderInfo } from './csv-headers.js';
import { parseDate } from './dates.js';
import type { ReadingChoice } from './parsed-file.js';

// Proposing a CSV mapping from the file's values (docs/import.md#csv). Header words are a
// hint; every role is checked against the column's values:
// - a date column holds a date on nearly every row;
// - an amount column holds money on nearly every row, is not all zeros, and is not a running
//   balance (a column that moves by another column's amounts from row to row), a fee, or
//   something with the shape of a postcode, IBAN, BIC, SEPA creditor id, phone, account number;
// - debit and credit columns split the rows between them;
// - a debit/credit mark column (D/C, S/H, Soll/Haben, 支出/收入…) signs unsigned amounts;
// - a bank reference is named so, is on nearly every row and differs on every row (a creditor
//   id or mandate reference repeats for one counterparty: never).
// Where two columns are equally good for the date or the amount, the proposal asks.

/** "Nearly every": at least this share of the values (or all but one of a named column). */
export const NEARLY = 0.95;

const nearly = (count: number, total: number, named = false) =>
  total > 0 && (count >= total * NEARLY || (named && count >= total - 1 && count * 2 > total));

interface Profile {
  index: number;
  header: HeaderInfo;
  filled: number;
  money: number;
  negative: number;
  withDecimals: number;
  zeros: number;
  bare: number;
  postcodes: number;
  leadingZeros: number;
  longIntegers: number;
  dates: number;
  ibans: number;
  bics: number;
  creditors: number;
  phones: number;
  sides: number;
  length: number;
  /** Not the same value on every row. */
  varies: boolean;
  first: string | null;
}

const DATE_ORDERS = ['dmy', 'mdy', 'ymd'] as const;

/** A cell that is a real date in some order (short cells starting with a digit only). */
export function isDateCell(cell: string, today: string): boolean {
  const text = cell.trim();
  if (text.length < 6 || text.length > 40) return false;
  const first = text.charCodeAt(0);
  if (first < 48 || first > 57) return false;
  return DATE_ORDERS.some((order) => parseDate(text, order, today) !== null);
}

function profile(
  rows: readonly string[][],
  headers: readonly string[],
  width: number,
  today: string,
): Profile[] {
  const profiles: Profile[] = [];
  for (let index = 0; index < width; index += 1) {
    profiles.push({
      index,
      header: readHeader(headers[index] ?? ''),
      filled: 0,
      money: 0,
      negative: 0,
      withDecimals: 0,
      zeros: 0,
      bare: 0,
      postcodes: 0,
      leadingZeros: 0,
      longIntegers: 0,
      dates: 0,
      ibans: 0,
      bics: 0,
      creditors: 0,
      phones: 0,
      sides: 0,
      length: 0,
      varies: false,
      first: null,
    });
  }
  for (const row of rows) {
    for (const p of profiles) {
      const cell = (row[p.index] ?? '').trim();
      if (cell === '') continue;
      p.filled += 1;
      p.length += cell.length;
      if (p.first === null) p.first = cell;
      else if (!p.varies && cell !== p.first) p.varies = true;
      const money = moneyShape(cell);
      if (money) {
        p.money += 1;
        if (money.negative) p.negative += 1;
        if (money.decimals > 0) p.withDecimals += 1;
        if (money.zero) p.zeros += 1;
        if (money.bareInteger) {
          p.bare += 1;
          if (money.digits === 4 || money.digits === 5) p.postcodes += 1;
          if (money.leadingZero) p.leadingZeros += 1;
          if (money.digits >= 8) p.longIntegers += 1;
        }
      }
      if (isDateCell(cell, today)) p.dates += 1;
      if (cell.length <= 50) {
        if (isIban(cell)) p.ibans += 1;
        else if (isCreditorId(cell)) p.creditors += 1;
        else if (isBic(cell)) p.bics += 1;
        if (isPhone(cell)) p.phones += 1;
      }
      if (sideOf(cell) !== null) p.sides += 1;
    }
  }
  return profiles;
}

/** Why a column whose cells look like money is not an amount, or null. */
function notMoney(p: Profile, moneyBeside: boolean): string | null {
  if (p.header.never !== null) return NEVER_LABELS[p.header.never];
  const half = (count: number) => count * 2 >= p.filled;
  if (nearly(p.dates, p.filled)) return 'dates';
  if (half(p.ibans)) return 'IBANs';
  if (half(p.creditors)) return 'SEPA creditor ids';
  if (half(p.bics)) return 'BICs';
  if (half(p.phones)) return 'phone numbers';
  if (nearly(p.bare, p.filled)) {
    if (p.leadingZeros > 0) return 'codes with leading zeros';
    if (moneyBeside && nearly(p.postcodes, p.filled)) return 'postcodes';
    if (moneyBeside && nearly(p.longIntegers, p.filled)) return 'account numbers';
    if (moneyBeside) return 'whole numbers beside amounts with cents';
  }
  return null;
}

const quoted = (header: HeaderInfo, index: number) =>
  header.name === '' ? `column ${index + 1}` : `column '${header.name}'`;
const short = (header: HeaderInfo, index: number) =>
  header.name === '' ? `column ${index + 1}` : `'${header.name}'`;

/** Cents of a column's cells read with a decimal separator (null where not money). */
function centsOf(rows: readonly string[][], index: number, decimal: '.' | ','): (number | null)[] {
  return rows.map((row) => {
    const cell = (row[index] ?? '').trim();
    if (cell === '' || moneyShape(cell) === null) return null;
    const amount = parseAmount(cell, decimal);
    return 'error' in amount ? null : Number(amount.cents);
  });
}

/**
 * How far `balance` moves by `flow` from row to row, oldest first (balance[i] = balance[i-1] +
 * flow[i]) or newest first (balance[i-1] = balance[i] + flow[i-1]): the share of the pairs of
 * rows that agree, in the better of the two orders (0 below two pairs: one may agree by chance).
 */
export function balanceFit(
  balance: readonly (number | null)[],
  flow: readonly (number | null)[],
): number {
  let pairs = 0;
  let up = 0;
  let down = 0;
  for (let i = 1; i < balance.length; i += 1) {
    const before = balance[i - 1];
    const after = balance[i];
    if (before == null || after == null) continue;
    const flowBefore = flow[i - 1];
    const flowAfter = flow[i];
    if (flowBefore == null && flowAfter == null) continue;
    pairs += 1;
    if (flowAfter != null && after - before === flowAfter) up += 1;
    if (flowBefore != null && before - after === flowBefore) down += 1;
  }
  return pairs < 2 ? 0 : Math.max(up, down) / pairs;
}

/** A running balance agrees with its amounts on at least this share of the pairs of rows. */
const BALANCE_FIT = 0.9;

interface Flow {
  kind: 'single' | 'split';
  columns: number[];
  cents: (number | null)[];
  score: number;
  explains: number | null;
  worded: boolean;
}

export interface ColumnProposal {
  mapping: CsvMapping;
  /** The columns and sign choices (date order and decimal separator are the reader's). */
  choices: ReadingChoice[];
}

export interface ProposalInput {
  delimiter: CsvMapping['delimiter'];
  hasHeader: boolean;
  headers: readonly string[];
  rows: readonly string[][];
  width: number;
  today: string;
  /** Records around the table that are not part of it, for the evidence. */
  skipped: string | null;
}

const sameValues = (rows: readonly string[][], a: number, b: number) =>
  rows.every((row) => (row[a] ?? '').trim() === (row[b] ?? '').trim());

/** A mapping for a table from its values and headers, with the evidence and what it asks. */
export function proposeColumns(input: ProposalInput): ColumnProposal {
  const { rows, headers, width, today } = input;
  const total = rows.length;
  const profiles = profile(rows, headers, width, today);
  const mapping: CsvMapping = {
    delimiter: input.delimiter,
    hasHeader: input.hasHeader,
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
    indicatorColumn: null,
  };
  const taken = new Set<number>();
  const evidence: string[] = [];
  const options: string[] = [];
  const ask: string[] = [];
  if (input.skipped) evidence.push(input.skipped);

  // The date: a date on nearly every row; booking before posting before value dates.
  const dated = profiles
    .filter((p) => {
      const named = p.header.date > 0;
      return nearly(p.dates, p.filled, named) && nearly(p.filled, total, named);
    })
    .sort((a, b) => b.header.date - a.header.date || a.index - b.index);
  const date = dated[0];
  if (date) {
    mapping.dateColumn = date.index;
    taken.add(date.index);
    const rivals = dated.filter(
      (p) =>
        p !== date && p.header.date === date.header.date && !sameValues(rows, p.index, date.index),
    );
    evidence.push(`Date: ${quoted(date.header, date.index)}`);
    if (rivals.length > 0) {
      ask.push('date');
      options.push(...[date, ...rivals].map((p) => `date ${quoted(p.header, p.index)}`));
      evidence.push(
        `as good a date: ${rivals.map((p) => short(p.header, p.index)).join(', ')} (their dates differ)`,
      );
    }
  } else {
    evidence.push('Date: no column holds a date on nearly every row');
  }

  // Money: columns whose non-empty cells are nearly all money, then what rules each one out.
  const moneyish = profiles.filter(
    (p) => !taken.has(p.index) && p.filled > 0 && nearly(p.money, p.filled, p.header.amount > 0),
  );
  const withCents = moneyish.filter((p) => p.withDecimals > 0 && notMoney(p, false) === null);
  const refused: string[] = [];
  const money = moneyish.filter((p) => {
    const reason = notMoney(
      p,
      withCents.some((q) => q !== p),
    );
    if (reason !== null && reason !== 'dates' && p.header.never !== 'other')
      refused.push(`not ${short(p.header, p.index)} (${reason})`);
    return reason === null;
  });
  // The decimal separator the amounts are read with while choosing (the reader decides again).
  const prelim = decideDecimal(
    money.flatMap((p) => rows.map((row) => (row[p.index] ?? '').trim()).filter((c) => c !== '')),
    { answer: 'mapping.decimalSeparator' },
  ).decimal;
  const ranked = [...money]
    .sort(
      (a, b) =>
        Number(b.header.amount > 0 || b.header.balance || b.header.debit || b.header.credit) -
          Number(a.header.amount > 0 || a.header.balance || a.header.debit || a.header.credit) ||
        b.filled - a.filled,
    )
    .slice(0, 8);
  const cents = new Map(ranked.map((p) => [p.index, centsOf(rows, p.index, prelim)]));
  const full = (p: Profile) =>
    nearly(p.filled, total, p.header.amount > 0 || p.header.debit || p.header.credit);
  const nonZero = (p: Profile) => p.filled - p.zeros > 0;

  const flows: Flow[] = [];
  for (const p of ranked) {
    if (!full(p) || !nonZero(p) || p.header.fee) continue;
    const named = p.header.amount > 0 ? p.header.amount : p.header.debit || p.header.credit ? 1 : 0;
    flows.push({
      kind: 'single',
      columns: [p.index],
      cents: cents.get(p.index) ?? [],
      score: named + (p.negative > 0 ? 1 : 0) + (p.withDecimals > 0 ? 1 : 0),
      explains: null,
      worded: named > 0,
    });
  }
  // Debit and credit columns: each row's money in exactly one of them.
  const partial = ranked.filter((p) => !p.header.fee && !p.header.balance);
  const pairs: [Profile, Profile, boolean][] = [];
  const debits = partial.filter((p) => p.header.debit);
  const credits = partial.filter((p) => p.header.credit);
  if (debits[0] && credits[0]) pairs.push([debits[0], credits[0], true]);
  else {
    for (let i = 0; i + 1 < partial.length; i += 1) {
      const a = partial[i] as Profile;
      const b = partial.find((p) => p.index === a.index + 1);
      if (b && !full(a) && !full(b)) pairs.push([a, b, false]);
    }
  }
  for (const [a, b, worded] of pairs) {
    const ca = cents.get(a.index) ?? [];
    const cb = cents.get(b.index) ?? [];
    let one = 0;
    let both = 0;
    const flow = ca.map((x, i) => {
      const y = cb[i] ?? null;
      const hasX = x !== null && x !== 0;
      const hasY = y !== null && y !== 0;
      if (hasX && hasY) both += 1;
      else if (hasX || hasY) one += 1;
      if (!hasX && !hasY) return null;
      return Math.abs(y ?? 0) - Math.abs(x ?? 0);
    });
    if (!nearly(one, total, worded) || both > total * (1 - NEARLY)) continue;
    flows.push({
      kind: 'split',
      columns: [a.index, b.index],
      cents: flow,
      score: (worded ? 4 : 0) + 1,
      explains: null,
      worded,
    });
  }
  // Running balances: a full money column that moves by a flow's amounts is not an amount.
  const balances = new Set<number>();
  for (const p of ranked) {
    if (!full(p)) continue;
    const series = cents.get(p.index) ?? [];
    let flow: Flow | undefined;
    let fit = BALANCE_FIT;
    for (const f of flows) {
      if (f.columns.includes(p.index)) continue;
      const share = balanceFit(series, f.cents);
      if (share > fit || (share === fit && flow === undefined)) {
        flow = f;
        fit = share;
      }
    }
    if (flow) {
      flow.explains ??= p.index;
      flow.score += 5;
      balances.add(p.index);
    } else if (p.header.balance) {
      balances.add(p.index);
    }
  }
  const candidates = flows
    .filter((f) => f.kind === 'split' || !balances.has(f.columns[0] as number))
    .sort(
      (a, b) =>
        b.score - a.score ||
        Number(b.kind === 'split') - Number(a.kind === 'split') ||
        (a.columns[0] as number) - (b.columns[0] as number),
    );
  const best = candidates[0];
  for (const index of balances) {
    if (index === best?.explains) continue;
    const p = profiles[index] as Profile;
    refused.push(
      `not ${short(p.header, index)} (${p.header.balance ? 'balance' : 'running balance'})`,
    );
  }
  for (const p of money) {
    if (p.header.fee && full(p)) refused.push(`not ${short(p.header, p.index)} (fees)`);
  }
  let sign: ReadingChoice | null = null;
  if (!best) {
    evidence.push('Amount: no column holds money on nearly every row');
  } else if (best.kind === 'split') {
    let [debit, credit] = best.columns as [number, number];
    const debitProfile = profiles[debit] as Profile;
    const creditProfile = profiles[credit] as Profile;
    let settled = best.worded || best.explains !== null;
    if (!best.worded) {
      // Without words: the column written negative, or the one a balance falls by, is the debit.
      if (creditProfile.negative > 0 && debitProfile.negative === 0) {
        [debit, credit] = [credit, debit];
        settled = true;
      } else if (debitProfile.negative > 0 && creditProfile.negative === 0) {
        settled = true;
      }
    }
    mapping.debitColumn = debit;
    mapping.creditColumn = credit;
    taken.add(debit);
    taken.add(credit);
    const d = profiles[debit] as Profile;
    const c = profiles[credit] as Profile;
    evidence.push(
      `Amount: ${quoted(d.header, debit)} for money out and ${quoted(c.header, credit)} for money in (every row has one)`,
    );
    if (best.explains !== null) {
      const b = profiles[best.explains] as Profile;
      evidence.push(`${quoted(b.header, best.explains)} is the running balance they move`);
    }
    sign = {
      kind: 'sign',
      answer: 'mapping',
      chosen: 'debitCredit',
      options: ['signed', 'indicator', 'debitCredit'],
      evidence: settled
        ? `Money out is in ${quoted(d.header, debit)} and money in is in ${quoted(c.header, credit)}`
        : `Columns ${debit + 1} and ${credit + 1} split the rows, but nothing says which is money out: ${quoted(d.header, debit)} was taken as money out`,
      needsAnswer: !settled,
      rows: total,
    };
  } else {
    const index = best.columns[0] as number;
    const p = profiles[index] as Profile;
    mapping.amountColumn = index;
    taken.add(index);
    const rivals = candidates.filter(
      (f) =>
        f !== best &&
        f.kind === 'single' &&
        f.score === best.score &&
        !sameValues(rows, f.columns[0] as number, index),
    );
    const moneyRows =
      p.money === total ? 'every row is money' : `${p.money} of ${total} rows are money`;
    evidence.push(`Amount: ${quoted(p.header, index)} (${moneyRows})`);
    if (best.explains !== null) {
      const b = profiles[best.explains] as Profile;
      evidence.push(`${quoted(b.header, best.explains)} is the running balance it moves`);
    }
    if (rivals.length > 0) {
      ask.push('amount');
      options.push(
        ...[index, ...rivals.map((f) => f.columns[0] as number)].map(
          (i) => `amount ${quoted((profiles[i] as Profile).header, i)}`,
        ),
      );
      evidence.push(
        `as good an amount: ${rivals.map((f) => short((profiles[f.columns[0] as number] as Profile).header, f.columns[0] as number)).join(', ')}`,
      );
    }
    if (p.negative > 0) {
      sign = {
        kind: 'sign',
        answer: 'mapping',
        chosen: 'signed',
        options: ['signed', 'indicator', 'debitCredit'],
        evidence: `Amounts carry their sign: ${p.negative} of ${p.filled} are negative`,
        needsAnswer: false,
        rows: total,
      };
    } else {
      const marks = profiles
        .filter(
          (q) =>
            !taken.has(q.index) &&
            q.filled > 0 &&
            nearly(q.sides, q.filled, q.header.indicator) &&
            nearly(q.filled, total, q.header.indicator),
        )
        .sort(
          (a, b) =>
            Number(b.header.indicator) - Number(a.header.indicator) ||
            Math.abs(a.index - index) - Math.abs(b.index - index),
        );
      const mark = marks[0];
      if (mark) {
        mapping.indicatorColumn = mark.index;
        taken.add(mark.index);
        sign = {
          kind: 'sign',
          answer: 'mapping',
          chosen: 'indicator',
          options: ['signed', 'indicator', 'debitCredit'],
          evidence: `Amounts are unsigned; ${quoted(mark.header, mark.index)} says debit or credit`,
          needsAnswer: false,
          rows: total,
        };
      } else {
        const balanced = best.explains !== null;
        sign = {
          kind: 'sign',
          answer: 'mapping',
          chosen: 'signed',
          options: ['signed', 'indicator', 'debitCredit'],
          evidence: balanced
            ? `Every amount is positive, and the running balance rises by each of them`
            : `Every amount is positive and no column says debit or credit: every row would be money in`,
          needsAnswer: !balanced,
          rows: total,
        };
      }
    }
  }
  evidence.push(...refused.slice(0, 4));

  // Texts: named columns first, judged by their words and how many rows they fill.
  const textual = (p: Profile) =>
    !taken.has(p.index) &&
    p.filled > 0 &&
    p.header.never === null &&
    !balances.has(p.index) &&
    p.money * 2 < p.filled &&
    p.dates * 2 < p.filled &&
    p.sides * 2 < p.filled &&
    (p.ibans + p.creditors + p.bics + p.phones) * 2 < p.filled;
  const byFill = (a: Profile, b: Profile) =>
    Number(b.varies) - Number(a.varies) || b.filled - a.filled || a.index - b.index;
  const payee = profiles.filter((p) => p.header.payee && textual(p)).sort(byFill)[0];
  if (payee) {
    mapping.payeeColumn = payee.index;
    taken.add(payee.index);
  }
  const rank = (p: Profile) =>
    p.header.description * Math.min(1, (2 * p.filled) / Math.max(1, total));
  const described = profiles
    .filter((p) => p.header.description > 0 && textual(p))
    .sort((a, b) => rank(b) - rank(a) || b.length - a.length || a.index - b.index)[0];
  const description =
    described ??
    profiles
      .filter(
        (p) =>
          textual(p) &&
          !p.header.reference &&
          !p.header.category &&
          !p.header.indicator &&
          p.header.amount === 0 &&
          p.header.date === 0,
      )
      .sort((a, b) => b.length - a.length || a.index - b.index)[0];
  if (description) {
    mapping.descriptionColumn = description.index;
    taken.add(description.index);
  }
  const category = profiles.filter((p) => p.header.category && textual(p)).sort(byFill)[0];
  if (category) {
    mapping.categoryColumn = category.index;
    taken.add(category.index);
  }

  // The bank reference: named so, on nearly every row, a different value on every row.
  const why: string[] = [];
  let reference: Profile | undefined;
  for (const p of profiles.filter((q) => q.header.reference && !taken.has(q.index))) {
    const problem = referenceProblem(p, rows, total, mapping.payeeColumn);
    if (problem === null) {
      reference ??= p;
    } else if (p.filled > 0 && (p.header.never !== null || problem.startsWith('repeats'))) {
      why.push(`${quoted(p.header, p.index)} ${problem}`);
    }
  }
  if (reference) {
    mapping.referenceColumn = reference.index;
    taken.add(reference.index);
    evidence.push(
      `reference: ${quoted(reference.header, reference.index)} (a different value on every row)`,
    );
  } else {
    evidence.push(`reference: none${why.length > 0 ? ` (${why.slice(0, 2).join('; ')})` : ''}`);
  }

  const chosen = [
    mapping.dateColumn === null ? 'no date' : `date ${mapping.dateColumn + 1}`,
    mapping.amountColumn !== null
      ? `amount ${mapping.amountColumn + 1}`
      : mapping.debitColumn !== null && mapping.creditColumn !== null
        ? `debit ${mapping.debitColumn + 1}, credit ${mapping.creditColumn + 1}`
        : 'no amount',
  ].join(', ');
  const choices: ReadingChoice[] = [
    {
      kind: 'columns',
      answer: 'mapping',
      chosen,
      options,
      evidence:
        ask.length > 0
          ? `Two columns are as good for the ${ask.join(' and the ')}: choose one. ${evidence.join('; ')}`
          : evidence.join('; '),
      needsAnswer: ask.length > 0,
      rows: total,
    },
  ];
  if (sign) choices.push(sign);
  return { mapping, choices };
}

/** Why a column named as a reference cannot be the bank's id of each row, or null. */
function referenceProblem(
  p: Profile,
  rows: readonly string[][],
  total: number,
  payeeColumn: number | null,
): string | null {
  const never = p.header.never;
  const seen = new Map<string, string>();
  let repeatsForOne = false;
  let repeats = false;
  for (const row of rows) {
    const value = (row[p.index] ?? '').trim();
    if (value === '') continue;
    const counterparty = payeeColumn === null ? '' : (row[payeeColumn] ?? '').trim();
    const before = seen.get(value);
    if (before === undefined) {
      seen.set(value, counterparty);
      continue;
    }
    repeats = true;
    if (payeeColumn !== null && before === counterparty) {
      repeatsForOne = true;
      break;
    }
  }
  if (repeatsForOne) return `repeats for one ${never === 'creditor' ? 'creditor' : 'counterparty'}`;
  if (repeats) return 'repeats';
  if (never !== null) return `holds ${NEVER_LABELS[never]}`;
  if (!nearly(p.filled, total)) return 'is empty on some rows';
  const half = (count: number) => count * 2 >= p.filled;
  if (half(p.ibans) || half(p.creditors) || half(p.bics) || half(p.phones)) {
    return 'holds account or creditor ids';
  }
  return null;
}
