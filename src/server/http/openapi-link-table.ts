// The links and request examples the document publishes (docs/api.md#links-and-examples),
// keyed by operationId; openapi-links.ts puts them into the document and checks them.

/** A runtime expression of the OpenAPI specification, e.g. `$response.body#/data/id`. */
type Expression =
  `$response.body#/${string}` | `$request.path.${string}` | `$request.body#/${string}`;

export interface LinkSpec {
  /** The operation whose success (200) the link starts from. */
  from: string;
  /** The operation it leads to. */
  to: string;
  /** Name of the link on the answer, e.g. GetAccount. */
  name: string;
  description: string;
  /** Path or query parameters of `to`, by name. */
  parameters?: Record<string, Expression>;
  /**
   * Body fields of `to`: expressions (also inside lists) or literal values. The published link's
   * requestBody is the target's example with these fields put in, so it is a whole body.
   */
  body?: Record<string, unknown>;
  /**
   * The request is sent by another person than the one who got the answer: the invitee answers
   * an invitation, the inviter removes the member who joined (`x-another-person` in the document).
   */
  anotherPerson?: true;
}

const ACCOUNT_ID = '$response.body#/data/id' as const;
const ENTRY_ID = '$response.body#/data/transaction/id' as const;

export const LINKS: readonly LinkSpec[] = [
  // Accounts
  ...(['account-get', 'account-update', 'account-setCreditLimit', 'account-delete'] as const).map(
    (to): LinkSpec => ({
      from: 'account-create',
      to,
      name: to.replace('account-', '') + 'Account',
      description: 'The account just created',
      parameters: { id: ACCOUNT_ID },
    }),
  ),
  {
    from: 'account-create',
    to: 'account-deposit',
    name: 'deposit',
    description: 'Pay into the account just created',
    parameters: { id: ACCOUNT_ID },
  },
  {
    from: 'account-deposit',
    to: 'account-withdraw',
    name: 'withdraw',
    description: 'Take money out of the account just paid into',
    parameters: { id: '$request.path.id' },
  },
  {
    from: 'account-create',
    to: 'account-transactions',
    name: 'listTransactions',
    description: "The account's entries, each with the balance after it",
    parameters: { id: ACCOUNT_ID },
  },
  {
    from: 'account-create',
    to: 'reconciliation-summary',
    name: 'reconciliationSummary',
    description:
      "The account's cleared balance against a statement's (statementOn, statementBalance)",
    parameters: { id: ACCOUNT_ID },
  },
  {
    from: 'account-create',
    to: 'reconciliation-finish',
    name: 'reconcile',
    description:
      'Reconcile the account just created against a statement of 0.00 (nothing cleared yet: the difference is 0)',
    parameters: { id: ACCOUNT_ID },
    body: { statementOn: '2025-03-31', statementBalance: 0 },
  },
  {
    from: 'account-create',
    to: 'transaction-summary',
    name: 'summarizeTransactions',
    description: 'How many entries the account holds, and the money in and out among them',
    parameters: { accountId: ACCOUNT_ID },
  },
  {
    from: 'account-create',
    to: 'expense-byAccount',
    name: 'listExpenses',
    description: "The account's expenses",
    parameters: { accountId: ACCOUNT_ID },
  },
  // Entries (the create example is an expense without an account) and their changes
  ...(['entry-get', 'entry-update', 'entry-delete'] as const).map((to): LinkSpec => ({
    from: 'entry-create',
    to,
    name: to.replace('entry-', '') + 'Entry',
    description: 'The entry just created',
    parameters: { id: ENTRY_ID },
  })),
  {
    from: 'entry-create',
    to: 'entry-bulkCategorize',
    name: 'categorize',
    description: 'Re-categorise the entry just created (null: uncategorised)',
    body: { ids: [ENTRY_ID], categoryId: null },
  },
  {
    from: 'entry-create',
    to: 'entry-bulkDelete',
    name: 'bulkDelete',
    description: 'Delete the entry just created, as a bulk change',
    body: { ids: [ENTRY_ID] },
  },
  {
    from: 'entry-create',
    to: 'rules-applyToEntries',
    name: 'applyRule',
    description: 'Apply a rule that matches it to the entry just created (the version it has now)',
    body: {
      name: 'Groceries',
      match: { field: 'description', operator: 'contains', value: 'groceries' },
      set: { tags: ['food'] },
      entries: [{ id: ENTRY_ID, version: '$response.body#/data/transaction/version' }],
    },
  },
  {
    from: 'entry-create',
    to: 'reconciliation-setCleared',
    name: 'markCleared',
    description: 'Mark the entry just created cleared (seen on a statement)',
    parameters: { id: ENTRY_ID },
    body: { cleared: true },
  },
  {
    from: 'entry-create',
    to: 'change-undo',
    name: 'undo',
    description: 'Undo the change that created the entry',
    parameters: { id: '$response.body#/data/changeId' },
  },
  // Transfers: from an account with money in it, to another one
  {
    from: 'account-deposit',
    to: 'transfer-create',
    name: 'transferFrom',
    description: 'Send money from the account just paid into (toAccountId: another account)',
    body: { fromAccountId: '$request.path.id' },
  },
  {
    from: 'account-create',
    to: 'transfer-create',
    name: 'transferTo',
    description: 'Send money to the account just created (fromAccountId: another account)',
    body: { toAccountId: ACCOUNT_ID },
  },
  ...(['transfer-get', 'transfer-update', 'transfer-delete'] as const).map((to): LinkSpec => ({
    from: 'transfer-create',
    to,
    name: to.replace('transfer-', '') + 'Transfer',
    description: 'The transfer just made',
    parameters: { id: '$response.body#/data/transfer/id' },
  })),
  // Imports: preview a file, import it, revert the import
  {
    from: 'account-create',
    to: 'imports-preview',
    name: 'previewImport',
    description: 'Preview a bank file for the account just created',
    body: { accountId: ACCOUNT_ID },
  },
  {
    from: 'imports-preview',
    to: 'imports-commit',
    name: 'commitImport',
    description: 'Import the file just previewed',
    body: { accountId: '$request.body#/accountId', content: '$request.body#/content' },
  },
  {
    from: 'imports-commit',
    to: 'imports-revert',
    name: 'revertImport',
    description: 'Revert the import just made',
    parameters: { id: '$response.body#/data/batch/id' },
  },
  {
    from: 'imports-revert',
    to: 'imports-undoRevert',
    name: 'undoRevert',
    description: 'Undo the revert just made: the entries back, the batch live again',
    parameters: { id: '$response.body#/data/batch/id' },
  },
  // Rules
  ...(['rules-update', 'rules-delete'] as const).map((to): LinkSpec => ({
    from: 'rules-create',
    to,
    name: to.replace('rules-', '') + 'Rule',
    description: 'The rule just created',
    parameters: { id: '$response.body#/data/id' },
  })),
  {
    from: 'rules-list',
    to: 'rules-reorder',
    name: 'reorder',
    description: 'Every rule, in the order listed (reorder them before sending)',
    body: { ruleIds: '$response.body#/order' },
  },
  // Categories and their groups
  {
    from: 'category-createGroup',
    to: 'category-create',
    name: 'addCategory',
    description: 'Add a category to the group just created',
    body: { groupId: '$response.body#/data/id' },
  },
  ...(['category-updateGroup', 'category-deleteGroup'] as const).map((to): LinkSpec => ({
    from: 'category-createGroup',
    to,
    name: to.replace('category-', ''),
    description: 'The group just created',
    parameters: { id: '$response.body#/data/id' },
  })),
  {
    from: 'category-list',
    to: 'category-reorderGroups',
    name: 'reorderGroups',
    description: 'Every group, in the order listed (reorder them before sending)',
    body: { groupIds: '$response.body#/order' },
  },
  ...(['category-update', 'category-delete'] as const).map((to): LinkSpec => ({
    from: 'category-create',
    to,
    name: to.replace('category-', '') + 'Category',
    description: 'The category just created',
    parameters: { id: '$response.body#/data/id' },
  })),
  {
    from: 'category-create',
    to: 'category-reorder',
    name: 'reorderCategories',
    description: 'The categories of its group, when it is the only one (a new group)',
    body: { groupId: '$response.body#/data/groupId', categoryIds: ['$response.body#/data/id'] },
  },
  // The budget (docs/budgets.md): a new category gets money, and the assignment can be undone
  ...(
    [
      ['budget-assign', 'assignBudget', 'Assign money to the category just created', {}],
      [
        'budget-move',
        'moveToCategory',
        'Move money from To assign to the category just created',
        { fromCategoryId: null },
      ],
      [
        'budget-cover',
        'coverCategory',
        "Cover the category's overspending from To assign (nothing when it has none)",
        { fromCategoryId: null },
      ],
      ['budget-setRollover', 'setRollover', "Set the category's rollover rule", {}],
    ] as const
  ).map(([to, name, description, extra]): LinkSpec => ({
    from: 'category-create',
    to,
    name,
    description,
    body: {
      ...extra,
      [to === 'budget-move' ? 'toCategoryId' : 'categoryId']: '$response.body#/data/id',
    },
  })),
  {
    from: 'category-create',
    to: 'budget-explain',
    name: 'explainCategory',
    description: "What makes up the category's available amount this month",
    parameters: { categoryId: '$response.body#/data/id' },
  },
  {
    from: 'budget-assign',
    to: 'budget-undo',
    name: 'undo',
    description: 'Undo the assignment just made',
    parameters: { id: '$response.body#/data/action/id' },
  },
  {
    from: 'budget-assign',
    to: 'budget-month',
    name: 'month',
    description: 'The month of the assignment just made',
    parameters: { month: '$request.body#/month' },
  },
  // Exchange rates
  {
    from: 'rates-add',
    to: 'rates-delete',
    name: 'deleteRate',
    description: 'The rate just entered by hand',
    parameters: { id: '$response.body#/data/id' },
  },
  {
    from: 'rates-add',
    to: 'rates-list',
    name: 'listPair',
    description: 'The rates of the pair just entered',
    parameters: { base: '$response.body#/data/base', quote: '$response.body#/data/quote' },
  },
  // Books, members and invitations (docs/sharing.md): a second person answers an invitation
  {
    from: 'book-create',
    to: 'book-delete',
    name: 'deleteBook',
    description: 'Delete the book just created',
    parameters: { id: '$response.body#/data/id' },
  },
  {
    from: 'book-create',
    to: 'book-events',
    name: 'listen',
    description: 'Be told of every change members make to the book just created',
    parameters: { bookId: '$response.body#/data/id' },
  },
  {
    from: 'book-create',
    to: 'activity-list',
    name: 'activity',
    description: 'Who changed what in the book just created',
    parameters: { bookId: '$response.body#/data/id' },
  },
  {
    from: 'member-list',
    to: 'member-update',
    name: 'changeRole',
    description: 'Give the first member listed (an owner) a role',
    parameters: { id: '$response.body#/data/0/userId' },
  },
  {
    from: 'invitation-create',
    to: 'invitation-revoke',
    name: 'revokeInvitation',
    description: 'Withdraw the invitation just made',
    parameters: { id: '$response.body#/data/invitation/id' },
  },
  {
    from: 'invitation-create',
    to: 'invitation-preview',
    name: 'previewInvitation',
    description: 'What the invitation just made offers',
    parameters: { token: '$response.body#/data/token' },
  },
  ...(['invitation-accept', 'invitation-decline'] as const).map((to): LinkSpec => ({
    from: 'invitation-create',
    to,
    name: to === 'invitation-accept' ? 'acceptInvitation' : 'declineInvitation',
    description: 'The person invited answers the invitation just made',
    body: { token: '$response.body#/data/token' },
    anotherPerson: true,
  })),
  {
    from: 'invitation-accept',
    to: 'member-leave',
    name: 'leaveBook',
    description: 'Leave the book just joined',
    parameters: { id: '$response.body#/data/book/id' },
  },
  {
    from: 'invitation-accept',
    to: 'member-remove',
    name: 'removeMember',
    description: 'The one who invited removes the member who just joined',
    parameters: {
      id: '$response.body#/data/member/userId',
      bookId: '$response.body#/data/book/id',
    },
    anotherPerson: true,
  },
  // The whole book
  {
    from: 'bookData-export',
    to: 'bookData-restore',
    name: 'restore',
    description: 'Restore the book from the file just exported',
    body: { file: '$response.body#/data' },
  },
];

/** A small CSV (money in and out) as the base64 `content` of an import. */
const IMPORT_CSV = Buffer.from(
  'Date,Description,Amount\r\n2025-03-01,Salary,1200.00\r\n2025-03-02,Coffee,-3.50\r\n',
).toString('base64');

/**
 * Request bodies that the schemas' own examples do not make valid or useful; every other body's
 * example is built from its schema (required fields, their examples, enums and defaults).
 */
export const REQUEST_EXAMPLES: Readonly<Record<string, Record<string, unknown> | null>> = {
  // A whole book: the body comes from the export (the link restore), not from an example.
  'bookData-restore': null,
  'entry-create': { type: 'expense', amount: 12.5, description: 'Groceries' },
  'entry-update': { description: 'Groceries and bread' },
  'entry-bulkCategorize': { ids: ['c4e8a1d7-2f5b-4c9e-b3a6-7d1e0f8b2a59'], categoryId: null },
  'transfer-create': {
    fromAccountId: '8d5c6f0e-3f8a-4b4e-9a57-2b4b8f3f6c11',
    toAccountId: '9e6d7f1f-4f9b-4c5f-8b68-3c5c9f4f7d22',
    amount: 12.5,
    description: 'To savings',
  },
  'transfer-update': { description: 'To savings, March' },
  'book-update': { name: 'Household' },
  // Every field is optional: the example sends the one there is.
  'settings-update': { locale: 'de-DE' },
  // Not a rename: a second category of the example's name could then join its group.
  'category-update': { icon: 'utensils' },
  'category-createGroup': { name: 'Home', kind: 'spending' },
  'category-create': {
    groupId: '6a2e4c81-9b3d-4f7a-8c52-1e9d0b4a7c36',
    name: 'Groceries',
    icon: 'shopping-cart',
  },
  'category-updateGroup': { name: 'House and home' },
  'rules-create': {
    name: 'Coffee',
    match: { field: 'description', operator: 'contains', value: 'coffee' },
    set: { tags: ['coffee'] },
  },
  'rules-update': {
    name: 'Coffee shops',
    match: { field: 'description', operator: 'contains', value: 'coffee' },
    set: { tags: ['coffee'] },
  },
  'keyAuth-confirm': { token: 'q3Vf1cYx8Zr0pLm2Wn4Ks6Jt9Hb5Gd7Fa1Ec3Ds5Cw_' },
  'rules-test': {
    name: 'Coffee',
    match: { field: 'description', operator: 'contains', value: 'coffee' },
    set: { tags: ['coffee'] },
  },
  // The entries come from the entry a link just created (their ids and versions): the link
  // applyRule carries the whole body.
  'rules-applyToEntries': null,
  'reconciliation-setCleared': { cleared: true },
  'reconciliation-finish': { statementOn: '2025-03-31', statementBalance: 0 },
  'imports-preview': { accountId: '8d5c6f0e-3f8a-4b4e-9a57-2b4b8f3f6c11', content: IMPORT_CSV },
  'imports-commit': { accountId: '8d5c6f0e-3f8a-4b4e-9a57-2b4b8f3f6c11', content: IMPORT_CSV },
};
