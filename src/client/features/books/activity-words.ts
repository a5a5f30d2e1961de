import type { ActivityArea, ActivityItem } from '../../../shared/schemas/activity.js';

/**
 * The activity feed in plain words: each kind of change (the procedure that made it) as what
 * a person did, "recorded an entry". A kind this list does not know yet (a newer server) reads
 * by its area, so the feed never shows a procedure name.
 */
const DID: Record<string, string> = {
  'account.create': 'added an account',
  'account.update': 'changed an account',
  'account.setCreditLimit': 'set an account’s credit limit',
  'account.delete': 'deleted an account',
  'account.deposit': 'made a deposit',
  'account.withdraw': 'made a withdrawal',
  'expense.create': 'recorded an expense',
  'entry.create': 'recorded an entry',
  'entry.update': 'edited an entry',
  'entry.delete': 'deleted an entry',
  'entry.bulkCategorize': 'changed the category of several entries',
  'entry.bulkDelete': 'deleted several entries',
  'transfer.create': 'made a transfer',
  'transfer.update': 'edited a transfer',
  'transfer.delete': 'deleted a transfer',
  'change.undo': 'undid a change',
  'reconciliation.setCleared': 'marked entries as cleared',
  'reconciliation.finish': 'finished a reconciliation',
  'imports.preview': 'previewed an import',
  'imports.commit': 'imported entries',
  'imports.revert': 'reverted an import',
  'imports.undoRevert': 'brought back a reverted import',
  'rules.create': 'added a rule',
  'rules.update': 'changed a rule',
  'rules.delete': 'deleted a rule',
  'rules.reorder': 'reordered the rules',
  'rules.test': 'tried out a rule',
  'rules.applyToEntries': 'applied a rule to entries',
  'category.createGroup': 'added a category group',
  'category.updateGroup': 'changed a category group',
  'category.deleteGroup': 'deleted a category group',
  'category.reorderGroups': 'reordered the category groups',
  'category.create': 'added a category',
  'category.update': 'changed a category',
  'category.reorder': 'reordered the categories',
  'category.delete': 'deleted a category',
  'rates.add': 'added an exchange rate',
  'rates.delete': 'deleted an exchange rate',
  'rates.import': 'imported exchange rates',
  'bookData.restore': 'restored the book from a backup',
  'book.update': 'changed the book’s name or settings',
  'book.delete': 'deleted the book',
  'member.update': 'changed a member’s role',
  'member.remove': 'removed a member',
  'member.leave': 'left the book',
  'invitation.create': 'invited someone',
  'invitation.revoke': 'withdrew an invitation',
  'invitation.accept': 'joined the book',
  'invitation.decline': 'declined an invitation',
  'budget.assign': 'assigned money in the budget',
  'budget.move': 'moved money in the budget',
  'budget.cover': 'covered overspending in the budget',
  'budget.hold': 'held money for next month in the budget',
  'budget.setRollover': 'changed a budget rollover rule',
  'budget.undo': 'undid a budget change',
  'budget.setGoal': 'set a goal',
  'budget.deleteGoal': 'removed a goal',
  'budget.fillFromGoals': 'filled the budget from goals',
  'budget.setSettings': 'changed the budget settings',
};

/** The areas as the filter names them. */
export const AREA_LABELS: Record<ActivityArea, string> = {
  account: 'Accounts',
  expense: 'Expenses',
  entry: 'Entries',
  transfer: 'Transfers',
  change: 'Undo',
  reconciliation: 'Reconciliation',
  imports: 'Imports',
  rules: 'Rules',
  category: 'Categories',
  rates: 'Exchange rates',
  bookData: 'Backup and restore',
  book: 'Book',
  member: 'Members',
  invitation: 'Invitations',
  budget: 'Budget',
};

/** What was done, as the rest of a sentence that starts with who did it. */
export function activityDid(item: Pick<ActivityItem, 'kind' | 'area'>): string {
  const known = Object.hasOwn(DID, item.kind) ? DID[item.kind] : undefined;
  return known ?? `made a change in ${AREA_LABELS[item.area].toLowerCase()}`;
}

/** Who did it: "You" for the caller, a former user's changes as "A former member". */
export function activityWho(item: Pick<ActivityItem, 'actor'>, myUserId: string | undefined) {
  if (!item.actor) return 'A former member';
  return item.actor.userId === myUserId ? 'You' : item.actor.email;
}
