/**
 * The rates of issue 23 (docs/rates.md), read beside the ledger in the same snapshot:
 *
 * - (s) transfer rates: for each pair and day with live transfers between two currencies, the
 *   book's `transfer` rate is the one the day's latest live transfer of that pair implies (the
 *   one written last: its outgoing leg's `seq`), written as the book writes it; no `transfer`
 *   rate where no live transfer is (decision 032). The change engine rewrites it in the
 *   transaction of every change to a transfer's legs, so it holds in every committed state.
 * - (t) manual rates: every acknowledged POST /api/rates is in the table, with the value of a
 *   latest acknowledged request of its pair and day; a request sent again with its key wrote
 *   once (its replay after another rate of the pair and day leaves that one standing).
 */
import type { ChangeRecords, LedgerEntry, RateRecord } from './ledger-reader.js';
import { impliedRateText } from './fx.js';
import { acknowledgement, outcomeOf, type Operation } from './operations.js';

interface RateBody {
  base: string;
  quote: string;
  day: string;
  rate: string;
}

const rateKey = (r: { base: string; quote: string; day: string }) =>
  `${r.base}->${r.quote} ${r.day}`;

/** (s): the `transfer` rates are exactly those the latest live transfer of each pair and day implies. */
export function checkTransferRates(
  records: ChangeRecords,
  currencyOf: ReadonlyMap<string, string>,
): string[] {
  const problems: string[] = [];
  // Entries come in seq order: the later of two transfers is the one whose out leg is later.
  const position = new Map(records.entries.map((e, i) => [e.id, i]));
  const legsOf = new Map<string, LedgerEntry[]>();
  for (const entry of records.entries) {
    if (entry.transferId === null) continue;
    legsOf.set(entry.transferId, [...(legsOf.get(entry.transferId) ?? []), entry]);
  }
  const latest = new Map<string, { at: number; rate: string; transferId: string }>();
  for (const [transferId, legs] of legsOf) {
    const out = legs.find((e) => e.type === 'transfer_out');
    const into = legs.find((e) => e.type === 'transfer_in');
    if (!out || !into || out.deleted || out.accountId === null || into.accountId === null) continue;
    const from = currencyOf.get(out.accountId);
    const to = currencyOf.get(into.accountId);
    if (!from || !to || from === to) continue;
    const key = rateKey({ base: from, quote: to, day: out.occurredOn });
    const at = position.get(out.id) ?? -1;
    const seen = latest.get(key);
    if (!seen || seen.at < at) {
      latest.set(key, {
        at,
        transferId,
        rate: impliedRateText(out.amountCents, from, into.amountCents, to),
      });
    }
  }
  const stored = new Map(
    records.rates.filter((r) => r.source === 'transfer').map((r) => [rateKey(r), r.rate]),
  );
  for (const [key, { rate, transferId }] of latest) {
    const found = stored.get(key);
    if (found !== rate) {
      problems.push(
        `${key}: the latest live transfer (${transferId}) implies ${rate}, the book holds ${found ?? 'no transfer rate'}`,
      );
    }
  }
  for (const [key, rate] of stored) {
    if (!latest.has(key)) problems.push(`${key}: transfer rate ${rate} with no live transfer`);
  }
  return problems;
}

function firstSentAt(op: Operation): number {
  return Math.min(...op.attempts.map((a) => a.sentAt ?? a.at - a.ms));
}

/**
 * (t): every acknowledged manual rate is stored, with the value of a request of its pair and day
 * that no other acknowledged one certainly followed (sent after its answer came); crash runs: or
 * of one that never got an answer. A manual rate nobody sent, or stored for a pair and day whose
 * requests were all refused, is a problem.
 */
export function checkManualRates(
  rates: RateRecord[],
  operations: Operation[],
  crashMode: boolean,
): string[] {
  const problems: string[] = [];
  const groups = new Map<string, Operation[]>();
  for (const op of operations) {
    if (op.kind !== 'rate' || !op.body) continue;
    const key = rateKey(op.body as unknown as RateBody);
    groups.set(key, [...(groups.get(key) ?? []), op]);
  }
  const stored = new Map(
    rates.filter((r) => r.source === 'manual').map((r) => [rateKey(r), r.rate]),
  );
  const valueOf = (op: Operation) => String((op.body as unknown as RateBody).rate);
  for (const [key, ops] of groups) {
    const acked = ops.filter((op) => acknowledgement(op) !== undefined);
    const unanswered = crashMode ? ops.filter((op) => outcomeOf(op) === 'unknown') : [];
    const found = stored.get(key);
    if (acked.length === 0) {
      if (found !== undefined && !unanswered.some((op) => valueOf(op) === found)) {
        problems.push(`${key}: manual rate ${found} stored, but no request of it was acknowledged`);
      }
      continue;
    }
    // Overtaken: another acknowledged request was sent after this one's answer, so it wrote later.
    const latest = acked.filter((op) => {
      const answeredAt = acknowledgement(op)?.at ?? 0;
      return !acked.some((other) => other !== op && firstSentAt(other) > answeredAt);
    });
    const allowed = new Set([...latest, ...unanswered].map(valueOf));
    if (found === undefined) {
      problems.push(
        `LOST: ${key}: ${acked.length} acknowledged rate(s) (${acked.map((op) => op.key).join(', ')}), none stored`,
      );
    } else if (!allowed.has(found)) {
      const writer = ops.find((op) => valueOf(op) === found);
      const replayed =
        writer && writer.attempts.length > 1 ? ' (a key sent twice wrote twice?)' : '';
      problems.push(
        `${key}: stored ${found}${writer ? ` (${writer.key}, overtaken)` : ''}, the latest acknowledged ${[...allowed].join(' or ')}${replayed}`,
      );
    }
  }
  for (const [key, rate] of stored) {
    if (!groups.has(key)) problems.push(`${key}: manual rate ${rate} that no request sent`);
  }
  return problems;
}
