import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/errors.js';
import { REASSIGN_TO_SELF } from '../../src/shared/schemas/category.js';
import {
  CATEGORY_ORDER_MISMATCH,
  GROUP_NOT_EMPTY,
  GROUP_ORDER_MISMATCH,
  categoryNameTaken,
  groupNameTaken,
} from '../../src/server/features/categories/category-service.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { PROCEDURE_DOORS, procedureDoor, type ProcedureDoor } from '../helpers/procedure-doors.js';
import { snapshotDb } from '../helpers/book-snapshot.js';

interface Group {
  id: string;
  name: string;
  kind: string;
  position: number;
  archived: boolean;
  categories: { id: string; name: string; groupId: string; kind: string; archived: boolean }[];
}

describe.each(PROCEDURE_DOORS)('categories and groups through %s', (door) => {
  let t: TestApp;
  let user: TestUser;
  let api: ProcedureDoor;
  let other: ProcedureDoor;

  const groups = async (): Promise<Group[]> => (await api('category.list')).body.data as Group[];
  const groupNamed = async (name: string): Promise<Group> => {
    const group = (await groups()).find((g) => g.name === name);
    if (!group) throw new Error(`no group ${name}`);
    return group;
  };

  beforeAll(async () => {
    t = await createTestApp();
    user = await t.signUp();
    api = procedureDoor(t, user, door);
    other = procedureDoor(t, await t.signUp(), door);
  });
  afterAll(() => t.close());

  it('lists the default set: spending groups, then Income, each with its categories', async () => {
    const list = await groups();
    expect(list.map((g) => g.name)).toEqual([
      'Food',
      'Housing',
      'Transport',
      'Shopping',
      'Health',
      'Leisure',
      'Bills',
      'Income',
    ]);
    expect(list.at(-1)?.kind).toBe('income');
    expect(list[0]?.categories.map((c) => c.name)).toEqual(['Groceries', 'Dining out', 'Coffee']);
    expect(list[0]?.categories[0]).toMatchObject({ kind: 'spending', archived: false });
  });

  it('creates a group and refuses a second of the same name in any case (409, nothing written)', async () => {
    const created = await api('category.createGroup', { name: 'Kids', kind: 'spending' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      success: true,
      message: 'Category group created',
      data: { name: 'Kids', kind: 'spending', archived: false, categories: [] },
    });
    expect((await groups()).at(-1)?.name).toBe('Kids');
    const before = await snapshotDb(t.database);
    const again = await api('category.createGroup', { name: ' kIDs ', kind: 'income' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CONFLICT', message: groupNameTaken('kIDs') });
    expect(await snapshotDb(t.database)).toEqual(before);
  });

  it('creates categories, unique per group ignoring case, the same name allowed elsewhere', async () => {
    const kids = await groupNamed('Kids');
    const created = await api('category.create', {
      groupId: kids.id,
      name: 'School',
      icon: 'graduation-cap',
      color: '#AABBCC',
    });
    expect(created.body).toMatchObject({
      success: true,
      message: 'Category created',
      data: {
        groupId: kids.id,
        name: 'School',
        kind: 'spending',
        icon: 'graduation-cap',
        color: '#aabbcc',
        archived: false,
      },
    });
    const clash = await api('category.create', { groupId: kids.id, name: 'SCHOOL' });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(categoryNameTaken('SCHOOL'));
    const income = await groupNamed('Income');
    const elsewhere = await api('category.create', { groupId: income.id, name: 'School' });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.data).toMatchObject({ kind: 'income', icon: 'tag', color: '#64748b' });
    const missing = await api('category.create', {
      // A group id that is no group of anyone's (changing a real id's first digit to 0 was the
      // real id itself one time in sixteen).
      groupId: randomUUID(),
      name: 'Nowhere',
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(MESSAGES.categoryGroupNotFound);
  });

  it('renames, recolours, moves (its kind follows the group) and archives a category', async () => {
    const kids = await groupNamed('Kids');
    const school = kids.categories[0];
    if (!school) throw new Error('no category');
    const income = await groupNamed('Income');
    const clash = await api('category.update', { id: school.id, groupId: income.id });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(categoryNameTaken('School'));

    const moved = await api('category.update', {
      id: school.id,
      name: 'Tuition',
      color: '#112233',
      icon: 'book',
      groupId: income.id,
    });
    expect(moved.body.data).toMatchObject({
      name: 'Tuition',
      color: '#112233',
      icon: 'book',
      groupId: income.id,
      kind: 'income',
    });
    const incomeNow = await groupNamed('Income');
    expect(incomeNow.categories.at(-1)?.id).toBe(school.id);
    expect((await groupNamed('Kids')).categories).toEqual([]);

    const archived = await api('category.update', { id: school.id, archived: true });
    expect(archived.body.data.archived).toBe(true);
    const back = await api('category.update', { id: school.id, archived: false });
    expect(back.body.data.archived).toBe(false);

    const nothing = await api('category.update', { id: school.id });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe('Nothing to change: send at least one field');
  });

  it('renames and archives a group; a rename onto another group name is a 409', async () => {
    const kids = await groupNamed('Kids');
    const clash = await api('category.updateGroup', { id: kids.id, name: 'food' });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(groupNameTaken('food'));
    const renamed = await api('category.updateGroup', {
      id: kids.id,
      name: 'Children',
      archived: true,
    });
    expect(renamed.body.data).toMatchObject({ name: 'Children', archived: true });
    // Its own name in another case is no clash.
    const recased = await api('category.updateGroup', { id: kids.id, name: 'CHILDREN' });
    expect(recased.status).toBe(200);
    // Nothing sent, nothing changed: the group as it is.
    const before = await snapshotDb(t.database);
    const nothing = await api('category.updateGroup', { id: kids.id });
    expect(nothing.body.data).toMatchObject({ id: kids.id, name: 'CHILDREN', archived: true });
    expect(await snapshotDb(t.database)).toEqual(before);
  });

  it('reorders groups (all of them, each once) and the categories of a group', async () => {
    const list = await groups();
    const reversed = list.map((g) => g.id).reverse();
    const res = await api('category.reorderGroups', { groupIds: reversed });
    expect(res.status).toBe(200);
    expect((await groups()).map((g) => g.id)).toEqual(reversed);

    const before = await snapshotDb(t.database);
    const partial = await api('category.reorderGroups', { groupIds: reversed.slice(1) });
    expect(partial.status).toBe(409);
    expect(partial.body.message).toBe(GROUP_ORDER_MISMATCH);
    const repeated = await api('category.reorderGroups', {
      groupIds: [...reversed.slice(1), reversed[1]],
    });
    expect(repeated.status).toBe(409);
    const foreign = (await other('category.list')).body.data[0].id as string;
    const stranger = await api('category.reorderGroups', {
      groupIds: [...reversed.slice(1), foreign],
    });
    expect(stranger.status).toBe(404);
    expect(await snapshotDb(t.database)).toEqual(before);

    const food = await groupNamed('Food');
    const order = food.categories.map((c) => c.id).reverse();
    const reordered = await api('category.reorder', { groupId: food.id, categoryIds: order });
    expect(reordered.body.data.categories.map((c: { id: string }) => c.id)).toEqual(order);
    const wrong = await api('category.reorder', { groupId: food.id, categoryIds: order.slice(1) });
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toBe(CATEGORY_ORDER_MISMATCH);
  });

  it('deletes only an empty group', async () => {
    const food = await groupNamed('Food');
    const before = await snapshotDb(t.database);
    const full = await api('category.deleteGroup', { id: food.id });
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: 'CONFLICT', message: GROUP_NOT_EMPTY });
    expect(await snapshotDb(t.database)).toEqual(before);
    const children = await groupNamed('CHILDREN');
    const gone = await api('category.deleteGroup', { id: children.id });
    expect(gone.body).toEqual({ success: true, message: 'Category group deleted' });
    const again = await api('category.deleteGroup', { id: children.id });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(MESSAGES.categoryGroupNotFound);
  });

  it("never shows or touches another user's groups and categories", async () => {
    const theirs = (await other('category.list')).body.data[0] as Group;
    const category = theirs.categories[0];
    if (!category) throw new Error('no category');
    const before = await snapshotDb(t.database);
    for (const [path, input] of [
      ['category.updateGroup', { id: theirs.id, name: 'Mine now' }],
      ['category.deleteGroup', { id: theirs.id }],
      ['category.update', { id: category.id, name: 'Mine now' }],
      ['category.delete', { id: category.id }],
      ['category.create', { groupId: theirs.id, name: 'Intruder' }],
    ] as const) {
      const res = await api(path, input);
      expect(res.status, path).toBe(404);
    }
    expect(await snapshotDb(t.database)).toEqual(before);
  });

  it('deletes a category moving its entries and split lines, with one history change', async () => {
    const food = await groupNamed('Food');
    const groceries = food.categories.find((c) => c.name === 'Groceries');
    const dining = food.categories.find((c) => c.name === 'Dining out');
    if (!groceries || !dining) throw new Error('no categories');
    const first = await api('expense.create', {
      amount: 10,
      description: 'Market',
      categoryId: groceries.id,
    });
    const second = await api('expense.create', { amount: 4, categoryId: groceries.id });
    const kept = await api('expense.create', { amount: 2, categoryId: dining.id });
    const split = await api('expense.create', { amount: 9 });
    const splitId = split.body.data.transaction.id as string;
    // A split entry made in SQL: the splitting routes belong to another part of the ledger.
    await t.database.db
      .insertInto('entry_splits')
      .values([
        {
          book_id: user.bookId,
          entry_id: splitId,
          position: 0,
          category_id: groceries.id,
          amount_cents: '500',
          note: 'food',
        },
        {
          book_id: user.bookId,
          entry_id: splitId,
          position: 1,
          category_id: null,
          amount_cents: '400',
          note: '',
        },
      ])
      .execute();

    const before = await snapshotDb(t.database);
    const unknown = await api('category.delete', {
      id: groceries.id,
      reassignTo: groceries.id.replace(/^./, groceries.id.startsWith('0') ? '1' : '0'),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(MESSAGES.categoryNotFound);
    expect(await snapshotDb(t.database)).toEqual(before);

    const self = await api('category.delete', { id: groceries.id, reassignTo: groceries.id });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ code: 'VALIDATION_ERROR', message: REASSIGN_TO_SELF });
    expect(await snapshotDb(t.database)).toEqual(before);

    const res = await api('category.delete', { id: groceries.id, reassignTo: dining.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Category deleted',
      data: { moved: 3 },
    });
    const changeId = res.body.data.changeId as string;

    const rows = await t.database.db
      .selectFrom('transactions')
      .select(['id', 'category_id', 'version'])
      .where('book_id', '=', user.bookId)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const moved of [first, second]) {
      expect(byId.get(moved.body.data.transaction.id)).toMatchObject({
        category_id: dining.id,
        version: 2,
      });
    }
    expect(byId.get(kept.body.data.transaction.id)).toMatchObject({
      category_id: dining.id,
      version: 1,
    });
    expect(byId.get(splitId)).toMatchObject({ category_id: null, version: 2 });
    const lines = await t.database.db
      .selectFrom('entry_splits')
      .select(['category_id'])
      .where('entry_id', '=', splitId)
      .orderBy('position')
      .execute();
    expect(lines.map((l) => l.category_id)).toEqual([dining.id, null]);

    const change = await t.database.db
      .selectFrom('entry_changes')
      .select(['kind', 'actor_id'])
      .where('id', '=', changeId)
      .executeTakeFirstOrThrow();
    expect(change).toEqual({ kind: 'category-delete', actor_id: user.id });
    const history = await t.database.db
      .selectFrom('entry_history')
      .select(['entry_id', 'fields', 'before', 'after'])
      .where('change_id', '=', changeId)
      .execute();
    expect(history).toHaveLength(3);
    const splitRow = history.find((h) => h.entry_id === splitId);
    expect(splitRow?.fields).toEqual(['splits']);
    expect(JSON.parse(splitRow?.before ?? '{}').splits[0]).toEqual({
      categoryId: groceries.id,
      amountCents: '500',
      note: 'food',
    });
    expect(JSON.parse(splitRow?.after ?? '{}').splits[0].categoryId).toBe(dining.id);
    const ownRow = history.find((h) => h.entry_id === first.body.data.transaction.id);
    expect(ownRow?.fields).toEqual(['categoryId']);
    expect(JSON.parse(ownRow?.before ?? '{}').categoryId).toBe(groceries.id);
    expect(JSON.parse(ownRow?.after ?? '{}').categoryId).toBe(dining.id);
    // Each before is the entry's previous after (history replays to the current state).
    const previous = await t.database.db
      .selectFrom('entry_history')
      .select('after')
      .where('entry_id', '=', first.body.data.transaction.id)
      .where('change_id', '!=', changeId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(ownRow?.before ?? '')).toEqual(JSON.parse(previous.after ?? ''));

    expect((await groupNamed('Food')).categories.map((c) => c.id)).not.toContain(groceries.id);
    const again = await api('category.delete', { id: groceries.id });
    expect(again.status).toBe(404);

    // Its entries cannot go back to a category that is gone: the undo is refused, nothing moves.
    const beforeUndo = await snapshotDb(t.database);
    const undo = await api('change.undo', { id: changeId });
    expect(undo.status).toBe(404);
    expect(undo.body.message).toBe(MESSAGES.categoryNotFound);
    expect(await snapshotDb(t.database)).toEqual(beforeUndo);
  });

  it('deletes a category without reassignTo: its entries become uncategorised', async () => {
    const food = await groupNamed('Food');
    const dining = food.categories.find((c) => c.name === 'Dining out');
    if (!dining) throw new Error('no Dining out');
    const res = await api('category.delete', { id: dining.id });
    expect(res.body.data.moved).toBe(4);
    const left = await t.database.db
      .selectFrom('transactions')
      .select('id')
      .where('book_id', '=', user.bookId)
      .where('category_id', 'is not', null)
      .execute();
    expect(left).toEqual([]);
    const empty = await api('category.delete', {
      id: food.categories.find((c) => c.name === 'Coffee')?.id ?? '',
    });
    expect(empty.body).toMatchObject({ data: { moved: 0, changeId: null } });
  });
});

describe.each(PROCEDURE_DOORS)('the book through %s', (door) => {
  let t: TestApp;
  let api: ProcedureDoor;
  beforeAll(async () => {
    t = await createTestApp();
    api = procedureDoor(t, await t.signUp(), door);
  });
  afterAll(() => t.close());

  it('shows the personal book and takes a new name and a time zone', async () => {
    const book = await api('book.get');
    expect(book.body.data).toMatchObject({ name: 'Personal', timeZone: null, role: 'owner' });
    const updated = await api('book.update', { name: ' Home ', timeZone: 'europe/paris' });
    expect(updated.body).toMatchObject({
      success: true,
      message: 'Book updated',
      data: { id: book.body.data.id, name: 'Home', timeZone: 'Europe/Paris', role: 'owner' },
    });
    expect((await api('book.get')).body.data.timeZone).toBe('Europe/Paris');
  });

  it('refuses an unknown time zone, a blank name and an empty change, changing nothing', async () => {
    const before = await snapshotDb(t.database);
    for (const input of [{ timeZone: 'Mars/Olympus' }, { name: '  ' }, {}]) {
      const res = await api('book.update', input);
      expect(res.status).toBe(400);
    }
    expect((await api('book.update', { timeZone: 'Mars/Olympus' })).body.message).toMatch(
      /timeZone must be an IANA time zone such as Europe\/Paris/,
    );
    expect(await snapshotDb(t.database)).toEqual(before);
  });

  it('is a new day in the book time zone for entries without a date', async () => {
    await api('book.update', { timeZone: 'Pacific/Kiritimati' });
    const made = await api('expense.create', { amount: 1 });
    const kiritimati = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Pacific/Kiritimati',
    }).format(new Date());
    expect(made.body.data.transaction.occurredOn).toBe(kiritimati);
  });
});
