import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/connect.js';
import { fillFromRules, type ManualEntryDraft } from './manual-entry-rules.js';

const draft: ManualEntryDraft = {
  accountId: null,
  amountCents: -1250n,
  description: 'Coffee',
  payee: '',
  categoryId: null,
  tags: [],
  takesCategory: true,
};

/** A database that fails the test on any use. */
const untouchable = new Proxy({} as DbOrTx, {
  get(_target, property) {
    throw new Error(`the database was used (${String(property)})`);
  },
});

describe('fillFromRules', () => {
  it('reads nothing when the book does not apply rules (a deposit stays two statements)', async () => {
    await expect(
      fillFromRules(untouchable, { bookId: 'book', appliesRules: false }, draft),
    ).resolves.toBeNull();
  });

  it("reads the book's rules when it applies them", async () => {
    await expect(
      fillFromRules(untouchable, { bookId: 'book', appliesRules: true }, draft),
    ).rejects.toThrow('the database was used');
  });
});
