/**
 * What a server keeps of a book's budget between reads (docs/budgets.md#speed): the history read
 * from the database, parsed, and the months computed from it, under the generation token read
 * before the rows. A read whose token differs reads again; nothing is ever written through this
 * cache. Bounded by books, least recently used first out.
 */
export class BudgetHistoryCache<History, Walk> {
  private readonly books = new Map<
    string,
    { key: string; history: History; walks: Map<string, Walk> }
  >();

  constructor(
    private readonly maxBooks: number,
    private readonly maxWalksPerBook: number,
  ) {}

  /** The book's history under `key`, read by `read` when not kept or kept under another key. */
  async history(bookId: string, key: string, read: () => Promise<History>): Promise<History> {
    const kept = this.books.get(bookId);
    if (kept !== undefined && kept.key === key) {
      // Most recently used last: Map keeps insertion order.
      this.books.delete(bookId);
      this.books.set(bookId, kept);
      return kept.history;
    }
    const history = await read();
    this.books.delete(bookId);
    this.books.set(bookId, { key, history, walks: new Map() });
    while (this.books.size > this.maxBooks) {
      const oldest = this.books.keys().next().value;
      if (oldest === undefined) break;
      this.books.delete(oldest);
    }
    return history;
  }

  /**
   * A computation over the history kept under `key` (a month's figures), done once per `walkKey`.
   * Computed and not kept when the book's history is not the one kept under `key`.
   */
  walk(bookId: string, key: string, walkKey: string, compute: () => Walk): Walk {
    const kept = this.books.get(bookId);
    if (kept === undefined || kept.key !== key) return compute();
    const known = kept.walks.get(walkKey);
    if (known !== undefined) return known;
    const walk = compute();
    kept.walks.set(walkKey, walk);
    if (kept.walks.size > this.maxWalksPerBook) {
      const oldest = kept.walks.keys().next().value;
      if (oldest !== undefined) kept.walks.delete(oldest);
    }
    return walk;
  }

  clear(): void {
    this.books.clear();
  }
}
