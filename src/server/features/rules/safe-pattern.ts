import { AppError } from '../../lib/app-error.js';

// A rule's "matches" pattern runs against every imported row, so it must not be able to take
// exponential time (docs/import.md#rules). JavaScript's engine backtracks; re2 is not a
// dependency here, so patterns are kept to a subset that cannot blow up: at most
// RULE_PATTERN_MAX characters (the schema), no backreferences or lookarounds, and no
// quantified group that itself holds a quantifier or an alternation, the shapes behind
// catastrophic backtracking ((a+)+, (a|a)*). The text it runs on is at most an entry's
// description (500 characters).

export const PATTERN_MESSAGES = {
  invalid: 'The pattern is not a valid regular expression',
  unsafe:
    'This pattern could take too long to run: a repeated group may not itself repeat or hold alternatives (|), and backreferences and lookarounds are not allowed',
} as const;

const QUANTIFIER_START = /^[*+?{]/;

function checkShape(pattern: string): boolean {
  // Per open group: does it hold a quantifier or an alternation?
  const groups: { risky: boolean }[] = [];
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i];
    if (char === '\\') {
      const next = pattern[i + 1] ?? '';
      if (/[1-9k]/.test(next)) return false;
      i += 1;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      continue;
    }
    if (char === '[') inClass = true;
    else if (char === '(') {
      if (/^\?(?:[=!]|<[=!])/.test(pattern.slice(i + 1, i + 4))) return false;
      groups.push({ risky: false });
      // (?: and (?<name> open a group; their '?' is no quantifier.
      const opener = /^\?(?::|<[A-Za-z_]\w*>)/.exec(pattern.slice(i + 1));
      if (opener) i += opener[0].length;
    } else if (char === ')') {
      const group = groups.pop();
      const quantified = QUANTIFIER_START.test(pattern.slice(i + 1));
      if (group?.risky && quantified) return false;
      const parent = groups.at(-1);
      if (parent && (group?.risky || quantified)) parent.risky = true;
    } else if (char === '|') {
      const top = groups.at(-1);
      if (top) top.risky = true;
    } else if (char !== undefined && QUANTIFIER_START.test(char)) {
      const top = groups.at(-1);
      if (top) top.risky = true;
    }
  }
  return true;
}

/** The rule's pattern compiled (case-insensitive), or a 422 saying why it is refused. */
export function compileSafePattern(pattern: string): RegExp {
  let compiled: RegExp;
  try {
    compiled = new RegExp(pattern, 'iu');
  } catch {
    throw new AppError('UNPROCESSABLE', PATTERN_MESSAGES.invalid);
  }
  if (!checkShape(pattern)) throw new AppError('UNPROCESSABLE', PATTERN_MESSAGES.unsafe);
  return compiled;
}
