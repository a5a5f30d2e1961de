/**
 * A bank CSV of any length, as a large export looks: `Date,Description,Amount`, an opening
 * deposit first (so the balance never goes below zero), then spending across a year, every row
 * distinct, every seventh description long enough to wrap on a phone. Used by the large-import
 * journey (tests/e2e/import-large.e2e.ts) and the review's first-rows figure
 * (bench/web/import-review.ts).
 */
export interface LargeBankFile {
  csv: string;
  rows: number;
  /** Signed sum of every row, in cents. */
  totalCents: number;
  /** The first row's amount as the review shows it ("$1,000,000.00"). */
  firstAmount: string;
}

const OPENING_CENTS = 100_000_000;

export function largeBankCsv(rows: number): LargeBankFile {
  const lines = ['Date,Description,Amount', `2025-01-01,Opening deposit,${OPENING_CENTS / 100}.00`];
  let totalCents = OPENING_CENTS;
  for (let i = 1; i < rows; i += 1) {
    const day = new Date(Date.UTC(2025, 0, 1 + (i % 365))).toISOString().slice(0, 10);
    const cents = 100 + ((i * 7919) % 20_000);
    totalCents -= cents;
    const shop =
      i % 7 === 0
        ? `Card purchase ${i} at a shop whose name the bank writes out in full with its address`
        : `Shop ${i}`;
    lines.push(
      `${day},${shop},-${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
    );
  }
  return { csv: `${lines.join('\n')}\n`, rows, totalCents, firstAmount: '$1,000,000.00' };
}
