import { CompiledQuery, type Compilable } from 'kysely';
import type { DbOrTx } from './handles.js';

/**
 * The SQL texts of every query template. On PostgreSQL these, and only these, are kept as named
 * prepared statements, so they are parsed once per connection and may be planned once: their
 * shape is fixed and keyed by ids, so one plan serves every call. Every other statement is planned
 * for each call's values (docs/decisions/017-templates-planned-once-the-rest-per-call.md).
 */
const templateSql = new Set<string>();

/** Whether this SQL text is a query template's (see templateSql). */
export function isTemplateSql(sql: string): boolean {
  return templateSql.has(sql);
}

/** Stands in for a call's value while the query is built once; never reaches a database. */
class Slot {
  constructor(readonly index: number) {}
}

type Slots<Args extends readonly unknown[]> = { [K in keyof Args]: Args[K] };

/**
 * A Kysely query built and compiled once, then run with each call's values. Kysely otherwise
 * rebuilds and recompiles the whole operation tree of a query on every call, which on the hot
 * paths (the session lookup of every request, a money movement) costs more CPU than the rest of
 * the query's handling. The builder runs once with a placeholder for each argument; where those
 * placeholders land among the compiled parameters is where each call's values go.
 *
 * Only for queries whose SQL text does not depend on the values (no IN lists, no optional
 * clauses): the builder sees placeholders, never the real arguments. And only for queries whose
 * best plan does not depend on them either (keyed by ids; never a list over a book's entries):
 * PostgreSQL keeps one plan for a template.
 */
export function queryTemplate<Args extends readonly unknown[], Row>(
  build: (db: DbOrTx, ...args: Slots<Args>) => Compilable<Row>,
  arity: Args['length'],
): (db: DbOrTx, ...args: Args) => Promise<Row[]> {
  let compiled: { sql: string; parameters: readonly unknown[]; slotAt: (number | null)[] } | null =
    null;

  function compile(db: DbOrTx) {
    const slots = Array.from({ length: arity }, (_, index) => new Slot(index));
    const query = build(db, ...(slots as unknown as Slots<Args>)).compile();
    const slotAt = query.parameters.map((value) => (value instanceof Slot ? value.index : null));
    const used = new Set(slotAt.filter((index) => index !== null));
    if (used.size !== arity) {
      throw new Error(`queryTemplate: ${arity - used.size} argument(s) never reached the SQL`);
    }
    templateSql.add(query.sql);
    return { sql: query.sql, parameters: query.parameters, slotAt };
  }

  return async (db, ...args) => {
    compiled ??= compile(db);
    const { sql, parameters, slotAt } = compiled;
    const values = parameters.map((value, i) => {
      const slot = slotAt[i];
      return slot === null || slot === undefined ? value : args[slot];
    });
    const result = await db.executeQuery<Row>(CompiledQuery.raw(sql, values));
    return result.rows;
  };
}
