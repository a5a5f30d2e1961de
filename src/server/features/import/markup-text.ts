import { IMPORT_FIELD_MAX } from '../../../shared/limits.js';

// The text of an OFX or camt field as a person reads it (docs/import.md#ofx-and-qfx): the field
// is cut to IMPORT_FIELD_MAX characters first, then read once, character by character, with
// no pattern that could backtrack. Only the XML entities, HTML's &nbsp; and numeric character
// references are decoded; nothing is expanded from a DTD.

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  // OFX 1 files (SGML, often written by HTML-minded tools) use it; a plain space here.
  nbsp: ' ',
};

/**
 * Windows-1252 characters at 0x80-0x9F: a reference like &#150; in a CHARSET:1252 OFX means
 * the en dash, as HTML reads it; the five positions Windows-1252 leaves empty are dropped.
 */
const CP1252_C1 = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152,
  0, 0x017d, 0, 0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161,
  0x203a, 0x0153, 0, 0x017e, 0x0178,
];

/** The longest reference read: `&#x10FFFF;` and `&#1114111;` are 10; names are shorter. */
const REFERENCE_MAX = 12;

/** A field cut to the length any pattern may look at. */
export const cutField = (text: string) =>
  text.length > IMPORT_FIELD_MAX ? text.slice(0, IMPORT_FIELD_MAX) : text;

/**
 * Whether a code point may appear in imported text: a Unicode scalar value (no surrogate, at
 * most U+10FFFF) that XML allows, without NUL and the other C0 controls (tab, line feed and
 * carriage return are kept: they become spaces later), DEL, or the non-characters U+FFFE/FFFF.
 */
export function isTextCodePoint(code: number): boolean {
  if (code === 0x09 || code === 0x0a || code === 0x0d) return true;
  if (code < 0x20 || code === 0x7f) return false;
  if (code >= 0xd800 && code <= 0xdfff) return false;
  if (code === 0xfffe || code === 0xffff) return false;
  return code <= 0x10ffff;
}

/** The code point a numeric reference names (`#65`, `#x41`), or null when it names none. */
function numericReference(body: string): number | null {
  const hex = body[1] === 'x' || body[1] === 'X';
  const digits = body.slice(hex ? 2 : 1);
  if (digits === '' || digits.length > 8) return null;
  for (const char of digits) {
    const ok = hex
      ? (char >= '0' && char <= '9') || (char >= 'a' && char <= 'f') || (char >= 'A' && char <= 'F')
      : char >= '0' && char <= '9';
    if (!ok) return null;
  }
  return Number.parseInt(digits, hex ? 16 : 10);
}

/**
 * A field's text with its entities and character references decoded, cut to IMPORT_FIELD_MAX
 * first. A reference to something that is not text (NUL and the other control characters,
 * surrogates, anything past U+10FFFF) is dropped, as is such a character written as is:
 * the rest of the text stays. An unknown name (`&foo;`) or a lone `&` is kept as written.
 */
export function decodeText(raw: string): string {
  const text = cutField(raw);
  let out = '';
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code !== 0x26 /* & */) {
      // Surrogate pairs pass as they are (a decoded string holds no lone surrogate).
      if (code < 0x20 || code === 0x7f || code === 0xfffe || code === 0xffff) {
        if (isTextCodePoint(code)) out += text[i];
      } else {
        out += text[i];
      }
      i += 1;
      continue;
    }
    // Looks at most REFERENCE_MAX characters ahead, so a run of '&' stays linear.
    let end = -1;
    for (let j = i + 1; j < text.length && j <= i + REFERENCE_MAX; j += 1) {
      if (text[j] === ';') {
        end = j;
        break;
      }
      if (text[j] === '&') break;
    }
    if (end === -1) {
      out += '&';
      i += 1;
      continue;
    }
    const body = text.slice(i + 1, end);
    if (body.startsWith('#')) {
      const value = numericReference(body);
      if (value === null) {
        out += '&';
        i += 1;
        continue;
      }
      const point = value >= 0x80 && value <= 0x9f ? (CP1252_C1[value - 0x80] ?? 0) : value;
      if (point !== 0 && isTextCodePoint(point)) out += String.fromCodePoint(point);
      i = end + 1;
      continue;
    }
    const named = NAMED[body.toLowerCase()];
    if (named === undefined) {
      out += '&';
      i += 1;
      continue;
    }
    out += named;
    i = end + 1;
  }
  return out;
}

/** Text taken as is (CDATA), without the characters that are not text. */
export function plainText(raw: string): string {
  const text = cutField(raw);
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 0x20 && code !== 0x7f && code !== 0xfffe && code !== 0xffff) out += text[i];
    else if (isTextCodePoint(code)) out += text[i];
  }
  return out;
}
