import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { RULE_PATTERN_PROGRAM_MAX } from '../../../shared/limits.js';
import { PATTERN_MESSAGES, compilePattern, storedPattern } from './safe-pattern.js';
import { cpuMs } from '../../../../tests/helpers/cpu-time.js';

// Rule patterns run on RE2 (decision 018): linear in the text whatever the pattern, with
// JavaScript's meaning (`u` and `i` flags) kept, and what needs backtracking refused.

function refusal(pattern: string): string {
  try {
    compilePattern(pattern);
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNPROCESSABLE') return error.message;
    throw error;
  }
  return 'accepted';
}

describe('rule patterns on RE2', () => {
  // The shapes behind catastrophic backtracking, each on the 500 characters (a description's
  // most) that make a backtracking engine try every way to split them, and then fail. On
  // JavaScript's engine the first two take hours and years.
  it.each([
    ['.*.*.*.*.*.*x', 'a'.repeat(500)],
    ['\\d*\\d*\\d*\\d*\\d*\\d*\\d*\\d*x', '1'.repeat(500)],
    ['(a|aa)*b', 'a'.repeat(500)],
    ['(a+)+$', `${'a'.repeat(499)}!`],
    ['(x+x+)+y', 'x'.repeat(500)],
    ['(\\w+\\s?)+$', `${'word '.repeat(99)}word!`],
    ['^(([a-z])+.)+[A-Z]([a-z])+$', `${'a'.repeat(499)}1`],
    ['(.*a){20}', `${'a'.repeat(19)}${'b'.repeat(481)}`],
    ['((((a*)*)*)*)*b', 'a'.repeat(500)],
    ['(a|a?)+c', 'a'.repeat(500)],
  ])('runs %s on 500 characters it does not match in a few milliseconds', (value, text) => {
    const pattern = compilePattern(value);
    let matched = true;
    const used = cpuMs(() => {
      matched = pattern.test(text);
    });
    expect(matched).toBe(false);
    expect(used).toBeLessThan(50);
  });

  it.each([
    // What a pattern can do: JavaScript's syntax and meaning, case-insensitive.
    '^shell\\s+station',
    'starbucks|costa',
    '\\bATM\\b',
    'café',
    'STRAẞE',
    '\\d{4}-\\d{2}-\\d{2}',
    'a.b',
    '^.$',
    '[^]',
    'x[]?y',
    '\\u00e9',
    '\\u{1F600}',
    '\\uD83D\\uDE00',
    '\\p{L}+$',
    '\\p{Script=Greek}',
    '\\p{gc=Lu}',
    'a\\sb',
    'a\\Sb',
    '[\\s]',
    '[^\\S]',
    '[\\b]',
    '\\cJ',
    '\\x41',
    '(?<name>ab)c',
    'a{2,3}',
    'x*?y',
    '^$',
    '[a-z\\-]+$',
    '[[]',
    '[\\]]',
    'σ',
    '\\w',
    '\\0',
  ])('matches %s exactly where JavaScript would', (value) => {
    const texts = [
      'shell  station 12',
      'SHELL\u00a0STATION',
      'Starbucks #1',
      'atm withdrawal',
      'Café Crème',
      'STRAßE 5',
      '2024-01-31',
      'a\nb',
      'a\u2028b',
      'a😀b',
      '😀',
      'É',
      'αβγ',
      'a\u3000b',
      'a\ufeffb',
      'a\vb',
      'axb',
      '\b',
      '\n',
      'xy',
      '',
      'a-z',
      '[',
      ']',
      'ς',
      '\u017f',
      '\u0000',
    ];
    const javascript = new RegExp(value, 'iu');
    const pattern = compilePattern(value);
    expect(texts.filter((text) => pattern.test(text))).toEqual(
      texts.filter((text) => javascript.test(text)),
    );
  });

  it.each([
    ['(a)\\1', PATTERN_MESSAGES.unsafe],
    ['(?<x>a)\\k<x>', PATTERN_MESSAGES.unsafe],
    ['a(?=b)', PATTERN_MESSAGES.unsafe],
    ['a(?!b)', PATTERN_MESSAGES.unsafe],
    ['(?<=a)b', PATTERN_MESSAGES.unsafe],
    ['(?<!a)b', PATTERN_MESSAGES.unsafe],
    ['([a-z', PATTERN_MESSAGES.invalid],
    ['a{2,1}', PATTERN_MESSAGES.invalid],
    ['\\q', PATTERN_MESSAGES.invalid],
    ['a{1001}', PATTERN_MESSAGES.tooComplex],
    ['(?:a{100}){100}', PATTERN_MESSAGES.tooComplex],
    ['.{1,100}x', PATTERN_MESSAGES.tooComplex],
    ['\\p{Letter}', PATTERN_MESSAGES.unsupported('invalid character class range: `\\p{Letter}`')],
  ])('refuses %s with a message saying why', (value, message) => {
    expect(refusal(value)).toBe(message);
    // A stored pattern refused today is never an error: its rule matches nothing.
    expect(storedPattern(value)).toBeNull();
  });

  it('keeps a program within RULE_PATTERN_PROGRAM_MAX for the longest literal patterns', () => {
    const words =
      'amazon|amzn|prime video|audible|kindle|aws|whole foods|zappos|twitch|imdb|woot|abe';
    expect(compilePattern(words.padEnd(100, 'x')).programSize).toBeLessThanOrEqual(
      RULE_PATTERN_PROGRAM_MAX,
    );
  });
});
