import { RE2JS, RE2JSException, RE2Set } from 're2js';
import { AppError } from '../../lib/app-error.js';
import { RULE_PATTERN_PROGRAM_MAX } from '../../../shared/limits.js';

// A rule's "matches" pattern runs on every imported row, on the latest entries of a rule test
// and on entries added by hand, so it runs on RE2 (re2js, a pure-JavaScript port), whose time
// is linear in the text: no pattern can backtrack (decision 018, docs/import.md#rules).
// Patterns are still written as JavaScript regular expressions with the `u` flag, matched
// case-insensitively: JavaScript's parser only checks their syntax (it never runs them), and
// each is translated to RE2's syntax with JavaScript's meaning kept (`\s`, `.`, `\u` escapes).
// What needs backtracking (backreferences, lookarounds) is refused, and so is a pattern whose
// program is larger than RULE_PATTERN_PROGRAM_MAX instructions (big counted repeats), since
// matching costs up to that many steps per character.

export const PATTERN_MESSAGES = {
  invalid: 'The pattern is not a valid regular expression',
  unsafe:
    'Backreferences (\\1, \\k<name>) and lookarounds ((?=…), (?!…), (?<=…), (?<!…)) are not supported in patterns',
  tooComplex:
    'This pattern is too complex: make its counted repeats ({n}) smaller, or split it into several rules',
  unsupported: (detail: string) => `This pattern uses something rules do not support: ${detail}`,
} as const;

/**
 * The DFA cache of one pattern, in RE2's estimated bytes. Small on purpose: a pattern whose
 * states do not fit falls back to RE2's NFA, which is faster than rebuilding states for ever;
 * the patterns rules are made of fit easily (docs/import.md#rules has the figures).
 */
const DFA_BYTES = 16 * 1024;

/** A pattern ready to run: linear in the text it is given. */
export interface RulePattern {
  test(text: string): boolean;
  /** RE2's program size: the most steps one character of text can cost. */
  programSize: number;
}

const hex = (code: number) => `\\x{${code.toString(16).toUpperCase()}}`;
const rangesText = (ranges: readonly (readonly [number, number])[]) =>
  ranges.map(([from, to]) => (from === to ? hex(from) : `${hex(from)}-${hex(to)}`)).join('');

/** JavaScript's white space and line terminators (`\s`); RE2's `\s` is ASCII only. */
const SPACE_RANGES = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
] as const;
/** `\s` and `\S` as the inside of a character class, so they work inside one too. */
const JS_SPACE = rangesText(SPACE_RANGES);
const JS_NON_SPACE = rangesText(
  [...SPACE_RANGES, [0x110000, 0x110000] as const].map(([from], index, all) => [
    index === 0 ? 0 : (all[index - 1]?.[1] ?? 0) + 1,
    from - 1,
  ]),
);
/** JavaScript's `.` without the `s` flag: anything but a line terminator. */
const JS_DOT = '[^\\n\\r\\x{2028}\\x{2029}]';
const PROPERTY_PREFIX = /^(?:General_Category|gc|Script|sc)=/;

class Unsafe extends Error {}

/**
 * The escape starting at `pattern[i]` (a backslash) in RE2's syntax, and where it ends. The
 * pattern is known to be valid JavaScript (`u` flag), so every escape here is well formed.
 */
function translateEscape(pattern: string, i: number, inClass: boolean): [string, number] {
  const next = pattern[i + 1] ?? '';
  const tail = pattern.slice(i + 2);
  switch (next) {
    case 's':
      return [inClass ? JS_SPACE : `[${JS_SPACE}]`, i + 2];
    case 'S':
      return [inClass ? JS_NON_SPACE : `[${JS_NON_SPACE}]`, i + 2];
    case 'b':
      // In a class, \b is a backspace.
      return [inClass ? hex(8) : '\\b', i + 2];
    case '0':
      return [hex(0), i + 2];
    case 'c':
      return [hex(pattern.charCodeAt(i + 2) % 32), i + 3];
    case 'k':
      throw new Unsafe();
    case 'u': {
      const braced = /^\{([0-9A-Fa-f]+)\}/.exec(tail);
      if (braced) return [`\\x{${braced[1]}}`, i + 2 + braced[0].length];
      const high = Number.parseInt(tail.slice(0, 4), 16);
      const low = /^\\u([0-9A-Fa-f]{4})/.exec(tail.slice(4));
      if (high >= 0xd800 && high <= 0xdbff && low) {
        const lowCode = Number.parseInt(low[1] ?? '', 16);
        if (lowCode >= 0xdc00 && lowCode <= 0xdfff) {
          return [hex((high - 0xd800) * 0x400 + (lowCode - 0xdc00) + 0x10000), i + 12];
        }
      }
      return [hex(high), i + 6];
    }
    case 'p':
    case 'P': {
      const property = /^\{([^}]*)\}/.exec(tail);
      const name = (property?.[1] ?? '').replace(PROPERTY_PREFIX, '');
      return [`\\${next}{${name}}`, i + 2 + (property?.[0].length ?? 0)];
    }
    default:
      if (/[1-9]/.test(next)) throw new Unsafe();
      // \d \D \w \W \B \t \n \v \f \r \xHH and escaped punctuation mean the same in RE2.
      return [`\\${next}`, i + 2];
  }
}

/**
 * A valid JavaScript pattern (`u` flag) in RE2's syntax, meaning the same; throws Unsafe on a
 * backreference or lookaround. Group names are dropped (RE2 allows fewer, and no rule reads a
 * group).
 */
function toRe2Syntax(pattern: string): string {
  let out = '';
  let inClass = false;
  let i = 0;
  while (i < pattern.length) {
    const char = pattern[i] ?? '';
    if (char === '\\') {
      const [text, end] = translateEscape(pattern, i, inClass);
      out += text;
      i = end;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      // A `[` in a class is a plain character in JavaScript; in RE2 it could open [:alpha:].
      out += char === '[' ? '\\[' : char;
      i += 1;
      continue;
    }
    if (char === '[') {
      // JavaScript's [] matches nothing and [^] anything; in RE2 a leading ] is a character.
      if (pattern.startsWith('[]', i)) {
        out += '[^\\x{0}-\\x{10FFFF}]';
        i += 2;
      } else if (pattern.startsWith('[^]', i)) {
        out += '[\\x{0}-\\x{10FFFF}]';
        i += 3;
      } else {
        inClass = true;
        out += char;
        i += 1;
      }
      continue;
    }
    if (char === '(' && pattern[i + 1] === '?') {
      const opener = /^\(\?(?:<([=!])|([=!])|<[^>]+>)/.exec(pattern.slice(i));
      if (opener?.[1] || opener?.[2]) throw new Unsafe();
      if (opener) {
        out += '(?:';
        i += opener[0].length;
        continue;
      }
    }
    out += char === '.' ? JS_DOT : char;
    i += 1;
  }
  return out;
}

function compileOnRe2(pattern: string): RulePattern {
  let translated: string;
  try {
    translated = toRe2Syntax(pattern);
  } catch (error) {
    if (error instanceof Unsafe) throw new AppError('UNPROCESSABLE', PATTERN_MESSAGES.unsafe);
    throw error;
  }
  const set = new RE2Set(RE2Set.UNANCHORED, RE2JS.CASE_INSENSITIVE, DFA_BYTES);
  try {
    set.add(translated);
    set.compile();
  } catch (error) {
    if (!(error instanceof RE2JSException)) throw error;
    if (/invalid repeat count|expression too large/.test(error.message)) {
      throw new AppError('UNPROCESSABLE', PATTERN_MESSAGES.tooComplex);
    }
    const detail = error.message.replace(/^error parsing regexp: /, '');
    throw new AppError('UNPROCESSABLE', PATTERN_MESSAGES.unsupported(detail));
  }
  const programSize = set.prog.numInst();
  if (programSize > RULE_PATTERN_PROGRAM_MAX) {
    throw new AppError('UNPROCESSABLE', PATTERN_MESSAGES.tooComplex);
  }
  return { test: (text) => set.match(text).length > 0, programSize };
}

/** The rule's pattern ready to run (case-insensitive), or a 422 saying why it is refused. */
export function compilePattern(pattern: string): RulePattern {
  try {
    // Syntax only: JavaScript's engine never runs a rule's pattern.
    new RegExp(pattern, 'iu');
  } catch {
    throw new AppError('UNPROCESSABLE', PATTERN_MESSAGES.invalid);
  }
  return compileOnRe2(pattern);
}

/**
 * A stored pattern ready to run, or null when it is refused today: one saved under the rules of
 * an earlier version (decision 018). Its rule then matches nothing, so a saved rule can never
 * fail an import or an entry added by hand; saving the rule again shows why it is refused.
 */
export function storedPattern(pattern: string): RulePattern | null {
  try {
    return compilePattern(pattern);
  } catch {
    return null;
  }
}
