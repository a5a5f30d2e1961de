import type { ParsedFile, ReadOptions } from './parsed-file.js';

// An import is a preview and then a commit of the same bytes with the same options: reading the
// file is a pure function of the two, so the commit takes the preview's reading instead of
// reading the file again (docs/import.md#performance). Only the last few readings are kept, for a
// few minutes, and frozen, so no caller can change what another one is given.

/** Readings kept: a preview and its commit, for a couple of people importing at once. */
const KEPT = 3;
/** How long after its reading a file's result may still be used. */
const KEEP_MS = 10 * 60_000;

interface Kept {
  parsed: ParsedFile;
  at: number;
}

const kept = new Map<string, Kept>();

/** The key of a reading: the bytes' SHA-256 and every option, in a fixed order. */
export function readingKey(sha256: string, options: ReadOptions): string {
  return `${sha256}:${JSON.stringify([options.today, options.reading, options.mapping ?? null, options.remembered ?? null])}`;
}

export function recalled(key: string, now = Date.now()): ParsedFile | undefined {
  const entry = kept.get(key);
  if (!entry) return undefined;
  kept.delete(key);
  if (now - entry.at > KEEP_MS) return undefined;
  // Most recently used last, so the oldest goes first.
  kept.set(key, entry);
  return entry.parsed;
}

export function remember(key: string, parsed: ParsedFile, now = Date.now()): ParsedFile {
  const frozen = deepFreeze(parsed);
  kept.delete(key);
  kept.set(key, { parsed: frozen, at: now });
  for (const [oldKey, entry] of kept) {
    if (kept.size <= KEPT && now - entry.at <= KEEP_MS) break;
    kept.delete(oldKey);
  }
  return frozen;
}

export function forgetAll(): void {
  kept.clear();
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}
