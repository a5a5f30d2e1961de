/**
 * The product's error vocabulary, shared by server and client. Each code has one HTTP status;
 * the tRPC code is the one tRPC uses for that status.
 */
export const APP_ERRORS = {
  VALIDATION_ERROR: { status: 400, trpc: 'BAD_REQUEST' },
  UNAUTHORIZED: { status: 401, trpc: 'UNAUTHORIZED' },
  FORBIDDEN: { status: 403, trpc: 'FORBIDDEN' },
  NOT_FOUND: { status: 404, trpc: 'NOT_FOUND' },
  METHOD_NOT_ALLOWED: { status: 405, trpc: 'METHOD_NOT_SUPPORTED' },
  /**
   * The live notices' route asked for something other than a stream of events. No procedure
   * answers it; tRPC has no code of its own for 406.
   */
  NOT_ACCEPTABLE: { status: 406, trpc: 'BAD_REQUEST' },
  REQUEST_TIMEOUT: { status: 408, trpc: 'TIMEOUT' },
  CONFLICT: { status: 409, trpc: 'CONFLICT' },
  PAYLOAD_TOO_LARGE: { status: 413, trpc: 'PAYLOAD_TOO_LARGE' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, trpc: 'UNSUPPORTED_MEDIA_TYPE' },
  INSUFFICIENT_FUNDS: { status: 422, trpc: 'UNPROCESSABLE_CONTENT' },
  BALANCE_LIMIT_EXCEEDED: { status: 422, trpc: 'UNPROCESSABLE_CONTENT' },
  UNPROCESSABLE: { status: 422, trpc: 'UNPROCESSABLE_CONTENT' },
  /** An edit or delete aimed at one leg of a transfer: the client routes to the transfer. */
  TRANSFER_ENTRY: { status: 422, trpc: 'UNPROCESSABLE_CONTENT' },
  /** A change to a reconciled entry the person has not confirmed: the client asks, then resends. */
  RECONCILED_ENTRY: { status: 409, trpc: 'CONFLICT' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, trpc: 'UNPROCESSABLE_CONTENT' },
  TOO_MANY_REQUESTS: { status: 429, trpc: 'TOO_MANY_REQUESTS' },
  INTERNAL_SERVER_ERROR: { status: 500, trpc: 'INTERNAL_SERVER_ERROR' },
  SERVICE_UNAVAILABLE: { status: 503, trpc: 'SERVICE_UNAVAILABLE' },
} as const;

export type AppErrorCode = keyof typeof APP_ERRORS;

export interface ErrorIssue {
  path: string;
  message: string;
}

/** The failure envelope of every REST route; tRPC errors carry the same fields in `data`. */
export interface ErrorBody {
  success: false;
  message: string;
  code: AppErrorCode;
  issues?: ErrorIssue[];
  requestId?: string;
}

export const MESSAGES = {
  accountIdRequired: 'Account ID is required',
  accountNotFound: 'Account not found',
  insufficientFunds: 'Insufficient funds',
  categoryNotFound: 'Category not found',
  categoryGroupNotFound: 'Category group not found',
  transactionNotFound: 'Transaction not found',
  transferNotFound: 'Transfer not found',
  changeNotFound: 'Change not found',
  transferEntry: 'This entry is one side of a transfer; change the transfer instead',
  versionConflict: 'This transaction was changed in the meantime; reload it and try again',
  undoOutdated: 'This entry was changed after that; undo is no longer possible',
  alreadyUndone: 'Already undone',
  importRevertUndoneElsewhere:
    'This change is part of an import’s revert; undo the revert from the import (Past imports)',
  entryAccountDeleted: 'The account of this entry was deleted',
  entryStateInvalid:
    'This change cannot be applied: it would leave an entry in a state the ledger does not allow',
  budgetActionNotFound: 'Budget action not found',
  notSpendingCategory: 'Only spending categories have a budget',
  bookRestoring: 'This book is being restored from a file; try again once the restore is done',
  restoreInterrupted:
    'A restore of this book was interrupted and is being undone; try again in a minute',
  restoreBusy: 'This book is busy; try the restore again in a moment',
  restoresBusy: 'The server is busy restoring other books; try the restore again in a minute',
  bookNotFound: 'Book not found',
  bookIdsDiffer: 'X-Book-Id and bookId name different books: send one',
  viewerCannotChange:
    'You can view this book but not change it. Ask an owner of the book to make you an editor.',
  ownerOnly: 'Only an owner of this book can do this.',
  accessEnded: 'You no longer have access to this book.',
  liveConnectionsPerUser: 'Too many live connections open: close a tab and try again.',
  liveConnectionsBusy: 'The server has too many live connections open; try again in a minute.',
  eventStreamOnly: 'This route streams server-sent events: send Accept: text/event-stream',
  lastEventIdInvalid: 'Last-Event-ID must be the id of a change this book announced',
  authRequired: 'Authentication required. Send Authorization: Bearer <token>.',
  sessionInvalid: 'Your session has expired or is no longer valid. Please sign in again.',
  internal: 'Something went wrong on our side. Please try again.',
  busy: 'The database was busy with conflicting changes and nothing was recorded. Please try again.',
} as const;

export function isAppErrorCode(value: unknown): value is AppErrorCode {
  return typeof value === 'string' && Object.hasOwn(APP_ERRORS, value);
}
