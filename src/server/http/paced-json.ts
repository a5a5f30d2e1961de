import { Readable } from 'node:stream';
import { Pacer } from '../lib/pacer.js';

// An answer with a long list (a 20,000-row import preview, a whole book's export) is about 6 MB
// of JSON; JSON.stringify and its UTF-8 copy ran in one piece for over 100 ms while every other
// request waited. Such answers are written a list item at a time, in slices, as a stream.

/** A list longer than this is written an item at a time. */
const LONG_LIST = 1_000;
/** Characters gathered before they are handed to the socket. */
const CHUNK_CHARS = 64 * 1024;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** True when a list within two levels of `value` is long (an envelope's `data.rows`). */
export function holdsLongList(value: unknown, depth = 2): boolean {
  if (Array.isArray(value)) return value.length > LONG_LIST;
  if (depth === 0 || !isPlainObject(value)) return false;
  return Object.values(value).some((item) => holdsLongList(item, depth - 1));
}

/** The pieces of JSON.stringify(value), the long lists an item at a time. */
async function* pieces(value: unknown, pacer: Pacer): AsyncGenerator<string> {
  if (Array.isArray(value) && value.length > LONG_LIST) {
    yield '[';
    for (let index = 0; index < value.length; index++) {
      if (index > 0) yield ',';
      yield JSON.stringify(value[index]) ?? 'null';
      if (pacer.step()) await pacer.pause();
    }
    yield ']';
  } else if (isPlainObject(value) && holdsLongList(value)) {
    yield '{';
    let first = true;
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      yield `${first ? '' : ','}${JSON.stringify(key)}:`;
      first = false;
      yield* pieces(item, pacer);
    }
    yield '}';
  } else {
    yield JSON.stringify(value) ?? 'null';
  }
}

async function* chunks(value: unknown): AsyncGenerator<Buffer> {
  let pending = '';
  for await (const piece of pieces(value, new Pacer())) {
    pending += piece;
    if (pending.length >= CHUNK_CHARS) {
      yield Buffer.from(pending, 'utf8');
      pending = '';
    }
  }
  if (pending) yield Buffer.from(pending, 'utf8');
}

/** The same JSON as JSON.stringify(value), as a stream written in slices. */
export function pacedJson(value: unknown): Readable {
  return Readable.from(chunks(value), { objectMode: false });
}
