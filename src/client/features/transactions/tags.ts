import { TAGS_MAX, TAG_MAX } from '../../../shared/limits.js';

/**
 * Tags as typed in one field, comma-separated: trimmed, lower-cased, each once, as the server
 * stores them (docs/ledger.md#entries).
 */
export function parseTags(text: string): string[] {
  const tags = text
    .split(',')
    .map((tag) => tag.trim().toLowerCase())
    .filter((tag) => tag.length > 0);
  return [...new Set(tags)];
}

/** What is wrong with typed tags, in the server's words, or null. */
export function tagsProblem(tags: string[]): string | null {
  if (tags.length > TAGS_MAX) return `At most ${TAGS_MAX} tags per transaction`;
  if (tags.some((tag) => tag.length > TAG_MAX)) {
    return `Each tag must be at most ${TAG_MAX} characters`;
  }
  return null;
}
