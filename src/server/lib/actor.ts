/**
 * Who acts on which book: what every ledger service is given with its input, made once per
 * request from the session (trpc/book-mutation.ts).
 */
export interface Actor {
  bookId: string;
  actorId: string;
  /** The book's "rules fill in entries added by hand" setting, read with the session. */
  appliesRules: boolean;
}
