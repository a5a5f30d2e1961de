import { z } from 'zod';

// tRPC checks each input and output with the schema's `parseAsync`, and zod runs its compiled
// (JIT) object parsers only in a synchronous parse: a 20-account list checks in about 3 µs that
// way against about 20 µs through `parseAsync`. The schemas handed to a procedure builder get a
// `parseAsync` that parses synchronously and falls back to the real asynchronous parse only when
// a schema needs it (an async refinement), as zod's own Standard Schema `validate` does. Results
// and errors are the same. docs/decisions/016-procedure-schemas-parse-synchronously-first.md

type AnyParse = (data: unknown, params?: unknown) => unknown;

/** Marks the parseAsync this module installs, so it is installed once per schema. */
const SYNC_FIRST = Symbol('syncFirst');

function syncFirstParseAsync(schema: z.ZodType): AnyParse & { [SYNC_FIRST]: true } {
  const parse = schema.parse.bind(schema) as AnyParse;
  const parseAsync = schema.parseAsync.bind(schema) as AnyParse;
  return Object.assign(
    async (data: unknown, params?: unknown) => {
      try {
        return parse(data, params);
      } catch (error) {
        if (error instanceof z.core.$ZodAsyncError) return parseAsync(data, params);
        throw error;
      }
    },
    { [SYNC_FIRST]: true as const },
  );
}

/** The schema itself (same identity, so its OpenAPI metadata stays), parsing synchronously first. */
export function parsingSyncFirst<T>(schema: T): T {
  if (schema instanceof z.ZodType && !parsesSyncFirst(schema)) {
    Object.defineProperty(schema, 'parseAsync', {
      value: syncFirstParseAsync(schema),
      configurable: true,
      writable: true,
    });
  }
  return schema;
}

export function parsesSyncFirst(schema: unknown): boolean {
  if (!(schema instanceof z.ZodType)) return false;
  const parseAsync: unknown = Reflect.get(schema, 'parseAsync');
  return typeof parseAsync === 'function' && SYNC_FIRST in parseAsync;
}

function isProcedureBuilder(value: unknown): value is object {
  return (
    typeof value === 'object' &&
    value !== null &&
    '_def' in value &&
    typeof (value as { input?: unknown }).input === 'function'
  );
}

/**
 * A tRPC procedure builder whose `.input()` and `.output()` schemas parse synchronously first,
 * and so do the builders it returns (`.use()`, `.meta()`, ...). The procedures it builds are
 * tRPC's own, untouched.
 */
export function syncFirstBuilder<B extends object>(builder: B): B {
  return new Proxy(builder, {
    get(target, key) {
      const member: unknown = Reflect.get(target, key);
      if (typeof member !== 'function') return member;
      return (...args: unknown[]) => {
        const given = key === 'input' || key === 'output' ? args.map(parsingSyncFirst) : args;
        const built: unknown = (member as (...a: unknown[]) => unknown).apply(target, given);
        return isProcedureBuilder(built) ? syncFirstBuilder(built) : built;
      };
    },
  });
}

/**
 * A copy of `schema` (its JSON Schema and OpenAPI metadata unchanged) checked by `parseAsync`
 * instead of zod's own parse: for a procedure whose input or output can be large (a 16 MB
 * restore file, a whole book's export), checked a slice at a time so no request waits on it. Its
 * synchronous parse says it needs an asynchronous one, so the procedure builders use
 * `parseAsync`.
 */
export function parsedAsynchronously<T extends z.ZodType>(
  schema: T,
  parseAsync: (data: unknown) => Promise<z.output<T>>,
): T {
  const copy = schema.clone();
  Object.defineProperties(copy, {
    parse: {
      value: () => {
        throw new z.core.$ZodAsyncError();
      },
      configurable: true,
      writable: true,
    },
    parseAsync: { value: parseAsync, configurable: true, writable: true },
  });
  return copy;
}
