import { analyse } from 'chardet';
import iconv from 'iconv-lite';
import { AppError } from '../../lib/app-error.js';
import { IMPORT_LINES_MAX } from '../../../shared/limits.js';
import { IMPORT_ENCODINGS, type ImportEncoding } from '../../../shared/schemas/import.js';
import type { ReadingChoice } from './parsed-file.js';

// The text of a bank file (docs/import.md#encodings). Legacy code pages are decoded by iconv-lite,
// never by TextDecoder: Node's TextDecoder('windows-1252') reads Latin-1 on Node 20.18.3+,
// 22.13+ and 24.0-24.6 (0x80 became U+0080 instead of €). TextDecoder stays for UTF-8 only.
// When neither a byte order mark nor the file's own declaration settles the encoding, chardet
// (a port of ICU's detector: byte n-grams per language for the single-byte code pages, frequent
// characters for the Chinese, Japanese and Korean ones) weighs the legacy encodings the import
// knows; the choice, its evidence and the alternatives go to the preview.

/** Messages of a file that cannot be read at all (docs/import.md#broken-files). */
export const FILE_MESSAGES = {
  empty: 'This file is empty',
  notText:
    'This file is not a text statement: save it as CSV (UTF-8 or Windows-1252), OFX or QIF and try again',
  tooManyRows: (max: number) =>
    `This file has more than ${max} rows; split it and import each part`,
  tooManyLines: (max: number) =>
    `This file has more than ${max.toLocaleString('en-US')} lines; split it and import each part`,
} as const;

/** What the preview calls each encoding. */
const LABELS: Record<ImportEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 (little-endian)',
  'utf-16be': 'UTF-16 (big-endian)',
  'windows-1252': 'Windows-1252 (Western European)',
  'iso-8859-1': 'ISO-8859-1 (Latin-1)',
  'iso-8859-15': 'ISO-8859-15 (Latin-9)',
  'windows-1250': 'Windows-1250 (Central European)',
  'windows-1251': 'Windows-1251 (Cyrillic)',
  'iso-8859-2': 'ISO-8859-2 (Latin-2)',
  gb18030: 'GB18030 (Chinese, simplified)',
  big5: 'Big5 (Chinese, traditional)',
  shift_jis: 'Shift_JIS (Japanese)',
  'euc-kr': 'EUC-KR (Korean)',
};

export const encodingLabel = (encoding: ImportEncoding): string => LABELS[encoding] ?? encoding;
/** The name alone: "Windows-1252". */
const encodingName = (encoding: ImportEncoding) =>
  encodingLabel(encoding).split(' (')[0] ?? encoding;

/**
 * The encodings detection weighs, in the order that breaks a tie (Western first). UTF-16 is
 * never guessed: a file in it says so with its byte order mark.
 */
const LEGACY = IMPORT_ENCODINGS.filter(
  (encoding) => encoding !== 'utf-8' && encoding !== 'utf-16le' && encoding !== 'utf-16be',
);

/**
 * chardet's names for the encodings it reports, as the import's. ICU reports ISO-8859-1/-2 when
 * no byte falls in 0x80-0x9F: a Windows code page reads those files the same way (or, for the
 * Central European pair, differently: then both are weighed alike and the person is asked).
 */
const DETECTED: Record<string, ImportEncoding[]> = {
  'windows-1252': ['windows-1252'],
  'ISO-8859-1': ['windows-1252', 'iso-8859-1'],
  'windows-1250': ['windows-1250'],
  'ISO-8859-2': ['windows-1250', 'iso-8859-2'],
  'windows-1251': ['windows-1251'],
  GB18030: ['gb18030'],
  Big5: ['big5'],
  Shift_JIS: ['shift_jis'],
  'EUC-KR': ['euc-kr'],
};

/** How files name their encoding (OFX CHARSET/ENCODING, XML encoding=), as the import's. */
const DECLARED: Record<string, ImportEncoding> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  unicode: 'utf-8',
  '1252': 'windows-1252',
  'windows-1252': 'windows-1252',
  cp1252: 'windows-1252',
  'iso-8859-1': 'iso-8859-1',
  'iso8859-1': 'iso-8859-1',
  iso_8859_1: 'iso-8859-1',
  'iso_8859-1': 'iso-8859-1',
  '8859-1': 'iso-8859-1',
  '8859_1': 'iso-8859-1',
  latin1: 'iso-8859-1',
  'latin-1': 'iso-8859-1',
  'iso-8859-15': 'iso-8859-15',
  '8859-15': 'iso-8859-15',
  latin9: 'iso-8859-15',
  '1250': 'windows-1250',
  'windows-1250': 'windows-1250',
  cp1250: 'windows-1250',
  '1251': 'windows-1251',
  'windows-1251': 'windows-1251',
  cp1251: 'windows-1251',
  'iso-8859-2': 'iso-8859-2',
  '8859-2': 'iso-8859-2',
  latin2: 'iso-8859-2',
  gb18030: 'gb18030',
  gbk: 'gb18030',
  gb2312: 'gb18030',
  cp936: 'gb18030',
  big5: 'big5',
  cp950: 'big5',
  shift_jis: 'shift_jis',
  'shift-jis': 'shift_jis',
  sjis: 'shift_jis',
  'windows-31j': 'shift_jis',
  cp932: 'shift_jis',
  'euc-kr': 'euc-kr',
  cp949: 'euc-kr',
};

/** Only this much of a file is searched for its declaration. */
const DECLARATION_BYTES = 4096;
/** Detection reads the lines holding non-ASCII bytes, up to this much. */
const SAMPLE_BYTES = 256 * 1024;
/** …and chardet the first part of them (its cost grows with the text). */
const DETECT_BYTES = 64 * 1024;
/**
 * A second reading this close to the best (in points of chardet's 0-100 confidence) leaves the
 * choice open; within UNSURE_MARGIN_WEAK when the best itself is below WEAK_CONFIDENCE.
 */
const UNSURE_MARGIN = 10;
const UNSURE_MARGIN_WEAK = 15;
const WEAK_CONFIDENCE = 40;
/** Western Windows-1252 is the default: it leads a tie by this much. */
const WESTERN_PRIOR = 5;
/**
 * Signs of a wrong reading, which chardet's n-grams miss on short files: a Latin-1 or Latin-2
 * symbol between two letters (`Op³ata`, `Wi¶niewska`: Polish read as Windows-1252), or a
 * letter of another script between two ASCII letters (`M黮ler`, `Mьller`: German read as
 * GB18030 or Windows-1251). Single-character lookarounds: linear.
 */
const ODD_SYMBOL =
  /(?<=\p{L})[\u00a1-\u00b3\u00b5\u00b6\u00b8-\u00bf\u00d7\u00f7\u02c7\u02d8\u02db\u02dd\u2020\u2021\u2022\u2030\u2122](?=\p{L})/gu;
const ODD_LETTER = /(?<=[A-Za-z])[^\p{Script=Latin}\P{L}](?=[A-Za-z])/gu;

const utf8Fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const utf8Lenient = new TextDecoder('utf-8', { ignoreBOM: true });

type Decoded = { text: string; encoding: ImportEncoding; choice: ReadingChoice | null };

const toBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);

function decodeAs(bytes: Uint8Array, encoding: ImportEncoding): string {
  if (encoding === 'utf-8') return utf8Lenient.decode(bytes);
  return iconv.decode(toBuffer(bytes), encoding, { stripBOM: false });
}

function validUtf8(bytes: Uint8Array): string | null {
  try {
    return utf8Fatal.decode(bytes);
  } catch {
    return null;
  }
}

function isAscii(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i += 1) if ((bytes[i] ?? 0) >= 0x80) return false;
  return true;
}

/** A reading is plausible when every byte means a character: no U+FFFD, no C1 control. */
const implausible = (text: string) => /[\u0080-\u009f\ufffd]/.test(text);

/** An encoding the import lists, or null. */
function listed(name: string): ImportEncoding | null {
  return (IMPORT_ENCODINGS as readonly string[]).includes(name) ? (name as ImportEncoding) : null;
}

/** The encoding a file declares in its first 4 KB, and the words that declare it. */
function declarationOf(bytes: Uint8Array): { encoding: ImportEncoding; words: string } | null {
  const head = toBuffer(bytes.subarray(0, DECLARATION_BYTES)).toString('latin1').trimStart();
  const known = (value: string) => DECLARED[value.trim().toLowerCase()] ?? null;
  if (head.startsWith('<?xml')) {
    // <?xml version="1.0" encoding="ISO-8859-1"?>: found with indexOf, no pattern.
    const end = head.indexOf('?>');
    const declaration = end === -1 ? '' : head.slice(0, end);
    const at = declaration.indexOf('encoding');
    if (at === -1) return null;
    let i = at + 'encoding'.length;
    while (declaration[i] === ' ') i += 1;
    if (declaration[i] !== '=') return null;
    i += 1;
    while (declaration[i] === ' ') i += 1;
    const quote = declaration[i];
    if (quote !== '"' && quote !== "'") return null;
    const close = declaration.indexOf(quote, i + 1);
    if (close === -1 || close - i > 41) return null;
    const value = declaration.slice(i + 1, close);
    const encoding = known(value);
    return encoding ? { encoding, words: `encoding="${value}"` } : null;
  }
  if (!head.toUpperCase().startsWith('OFXHEADER')) return null;
  // OFX 1 header: KEY:VALUE lines before the first tag.
  let charset: { encoding: ImportEncoding; words: string } | null = null;
  for (const raw of head.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (line.startsWith('<')) break;
    const colon = line.indexOf(':');
    if (colon === -1) continue;
    const key = line.slice(0, colon).trim().toUpperCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'ENCODING' && known(value) === 'utf-8') {
      return { encoding: 'utf-8', words: `ENCODING:${value}` };
    }
    if (key === 'CHARSET') {
      const encoding = known(value);
      if (encoding) charset = { encoding, words: `CHARSET:${value}` };
    }
  }
  return charset;
}

/**
 * The lines (split at CR or LF, which are never part of a multi-byte character in these
 * encodings) that hold a byte above 0x7F, up to SAMPLE_BYTES. A line longer than what is left
 * is cut after a byte below 0x30, which is never the second byte of a character either.
 */
function nonAsciiLines(bytes: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  let size = 0;
  let start = 0;
  let high = false;
  for (let i = 0; i <= bytes.length && size < SAMPLE_BYTES; i += 1) {
    const byte = i < bytes.length ? (bytes[i] ?? 0) : 0x0a;
    if (byte >= 0x80) high = true;
    else if (byte === 0x0a || byte === 0x0d) {
      if (high) {
        let end = Math.min(i + 1, start + SAMPLE_BYTES - size);
        if (end < i + 1) {
          let safe = end;
          while (safe > start && (bytes[safe - 1] ?? 0) >= 0x30) safe -= 1;
          if (safe > start) end = safe;
        }
        parts.push(bytes.subarray(start, end));
        size += end - start;
      }
      start = i + 1;
      high = false;
    }
  }
  return Buffer.concat(parts);
}

/** A few of the characters the reading gives, with their bytes: "0x80 = €, 0xFC = ü". */
function examples(text: string, encoding: ImportEncoding): string {
  const seen = new Set<string>();
  for (const char of text) {
    if (char.charCodeAt(0) < 0x80 || seen.has(char)) continue;
    seen.add(char);
    if (seen.size === 2) break;
  }
  return [...seen]
    .map((char) => {
      const bytes = [...iconv.encode(char, encoding)];
      return `${bytes.map((b) => `0x${b.toString(16).toUpperCase().padStart(2, '0')}`).join(' ')} = ${char}`;
    })
    .join(', ');
}

/** The same place of the file in two readings, where they first differ. */
function difference(one: string, other: string): [string, string] {
  const lines = one.split('\n');
  const otherLines = other.split('\n');
  for (let l = 0; l < lines.length; l += 1) {
    const a = lines[l] ?? '';
    const b = otherLines[l] ?? '';
    if (a === b) continue;
    let i = 0;
    while (i < a.length && a[i] === b[i]) i += 1;
    const from = Math.max(0, i - 12);
    return [a.slice(from, i + 12).trim(), b.slice(from, i + 12).trim()];
  }
  return ['', ''];
}

interface Candidate {
  encoding: ImportEncoding;
  /** chardet's confidence (0 when it does not name the encoding), with the Western prior. */
  score: number;
  /** The score less the share of odd characters in the reading (see ODD_SYMBOL). */
  weight: number;
  text: string;
}

function countOf(text: string, pattern: RegExp): number {
  let count = 0;
  for (const match of text.matchAll(pattern)) if (match) count += 1;
  return count;
}

function weigh(encoding: ImportEncoding, confidence: number, text: string): Candidate {
  const score =
    confidence > 0 && encoding === 'windows-1252' ? confidence + WESTERN_PRIOR : confidence;
  let nonAscii = 0;
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) >= 0x80) nonAscii += 1;
  const odd = countOf(text, ODD_SYMBOL) + countOf(text, ODD_LETTER);
  return { encoding, score, weight: score - (100 * odd) / Math.max(1, nonAscii), text };
}

/** Whether the runner-up leaves the choice open. */
function unsure(best: Candidate, rival: Candidate): boolean {
  if (best.score === 0) return true; // chardet named no encoding the import knows
  if (rival.score === 0) return false;
  const margin = best.weight < WEAK_CONFIDENCE ? UNSURE_MARGIN_WEAK : UNSURE_MARGIN;
  return rival.weight >= best.weight - margin;
}

/**
 * The legacy encoding that reads the file best. Each reading of the sample that gives every
 * byte a character (no U+FFFD, no C1 control) is weighed by chardet's confidence, Windows-1252
 * leading by WESTERN_PRIOR, less the share of odd characters it shows; the heaviest wins
 * (Windows-1252 when none fits). Unsure, so asked, when a reading that gives a different text
 * comes close (see unsure) or when chardet named none of the candidates.
 */
function detect(bytes: Uint8Array, why: string): Decoded {
  const sample = nonAsciiLines(bytes);
  const scores = new Map<ImportEncoding, number>();
  for (const match of analyse(sample.subarray(0, DETECT_BYTES))) {
    for (const encoding of DETECTED[match.name] ?? []) {
      scores.set(encoding, Math.max(scores.get(encoding) ?? 0, match.confidence));
    }
  }
  const candidates = LEGACY.map((encoding) => ({ encoding, text: decodeAs(sample, encoding) }))
    .filter((candidate) => !implausible(candidate.text))
    .map(({ encoding, text }) => weigh(encoding, scores.get(encoding) ?? 0, text));
  candidates.sort((a, b) => b.weight - a.weight);
  const best: Candidate =
    candidates[0] ?? weigh('windows-1252', 0, decodeAs(sample, 'windows-1252'));
  const others = candidates.filter((candidate) => candidate.text !== best.text);
  const rival = others.find((candidate) => unsure(best, candidate));
  // Every other reading that gives each byte a character and a different text, likeliest first.
  const options = [best.encoding, ...others.map((candidate) => candidate.encoding)];
  let evidence: string;
  if (candidates.length === 0) {
    evidence = `${why}; no encoding the import knows gives every byte a character: read as ${encodingLabel(best.encoding)}, the unreadable bytes as �`;
  } else if (rival) {
    const [mine, theirs] = difference(best.text, rival.text);
    evidence = `${why}; the bytes read as ${encodingLabel(best.encoding)} (“${mine}”) or as ${encodingLabel(rival.encoding)} (“${theirs}”) and the file does not settle which: choose the one whose text is right`;
  } else {
    evidence = `${why}; the bytes read best as ${encodingLabel(best.encoding)}: ${examples(best.text, best.encoding)}`;
  }
  return {
    text: decodeAs(bytes, best.encoding),
    encoding: best.encoding,
    choice: {
      kind: 'encoding',
      answer: 'reading.encoding',
      chosen: best.encoding,
      options,
      evidence,
      needsAnswer: candidates.length === 0 || rival !== undefined,
      rows: 0,
    },
  };
}

/** The file's encoding when the person has not chosen one (see decodeFile). */
function choose(bytes: Uint8Array, hadUtf8Bom: boolean): Decoded {
  const utf8 = validUtf8(bytes);
  if (hadUtf8Bom) {
    if (utf8 !== null) return { text: utf8, encoding: 'utf-8', choice: null };
    return detect(bytes, 'The file starts with a UTF-8 byte order mark but is not valid UTF-8');
  }
  const declared = declarationOf(bytes);
  if (isAscii(bytes)) {
    return { text: utf8 ?? '', encoding: declared?.encoding ?? 'utf-8', choice: null };
  }
  if (declared?.encoding === 'utf-8') {
    if (utf8 !== null) return { text: utf8, encoding: 'utf-8', choice: null };
    return detect(bytes, `The file declares UTF-8 (${declared.words}) but its bytes are not UTF-8`);
  }
  if (declared) {
    const label = encodingName(declared.encoding);
    if (utf8 !== null) {
      return {
        text: utf8,
        encoding: 'utf-8',
        choice: {
          kind: 'encoding',
          answer: 'reading.encoding',
          chosen: 'utf-8',
          options: ['utf-8', declared.encoding],
          evidence: `The file declares ${label} (${declared.words}), but its bytes are valid UTF-8, which text in ${label} almost never is: read as UTF-8`,
          needsAnswer: false,
          rows: 0,
        },
      };
    }
    const text = decodeAs(bytes, declared.encoding);
    if (!implausible(text)) return { text, encoding: declared.encoding, choice: null };
    if (declared.encoding === 'iso-8859-1') {
      // Bytes 0x80-0x9F are control codes in ISO-8859-1 and letters in Windows-1252: the
      // label means Windows-1252 there, as browsers read it.
      const windows = decodeAs(bytes, 'windows-1252');
      if (!implausible(windows)) {
        return {
          text: windows,
          encoding: 'windows-1252',
          choice: {
            kind: 'encoding',
            answer: 'reading.encoding',
            chosen: 'windows-1252',
            options: ['windows-1252', 'iso-8859-1'],
            evidence: `The file declares ISO-8859-1 (${declared.words}) but uses bytes 0x80 to 0x9F, which are control codes there: read as Windows-1252, as browsers do: ${examples(windows, 'windows-1252')}`,
            needsAnswer: false,
            rows: 0,
          },
        };
      }
    }
    return detect(
      bytes,
      `The file declares ${label} (${declared.words}) but some of its bytes mean nothing there`,
    );
  }
  if (utf8 !== null) return { text: utf8, encoding: 'utf-8', choice: null };
  return detect(bytes, 'No byte order mark and not valid UTF-8');
}

/**
 * Control characters other than tab, line feed and carriage return (C0, DEL, C1) are no text a
 * bank writes: each becomes a space (an old DOS file's final Ctrl-Z, a form feed between pages).
 * A text where they are more than 1 in 100 characters is a binary file: refused.
 */
function cleaned(text: string, utf16: boolean): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what it replaces
  const controls = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
  let count = 0;
  const out = text.replace(controls, () => {
    count += 1;
    return ' ';
  });
  if (count > 8 && count * 100 > text.length) {
    throw new AppError('UNPROCESSABLE', FILE_MESSAGES.notText);
  }
  // Only UTF-16 can leave half a surrogate pair (the other decoders give U+FFFD for what they
  // cannot read): U+FFFD too, so the text holds only Unicode scalar values.
  if (!utf16) return out;
  return out.replace(
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    '\ufffd',
  );
}

/** Physical lines: LF, CR LF or a lone CR each end one, empty lines included. */
function lineCount(text: string): number {
  let breaks = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 10 || (code === 13 && text.charCodeAt(i + 1) !== 10)) breaks += 1;
  }
  const last = text.charCodeAt(text.length - 1);
  return last === 10 || last === 13 ? breaks : breaks + 1;
}

/** Files that are surely not text: a PDF, a ZIP (xlsx, ods), an old Office file. */
const BINARY_MAGIC = [
  [0x25, 0x50, 0x44, 0x46, 0x2d],
  [0x50, 0x4b, 0x03, 0x04],
  [0xd0, 0xcf, 0x11, 0xe0],
] as const;

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

/**
 * The text of a file and the encoding it was read in (docs/import.md#encodings):
 *
 * 1. a UTF-16 byte order mark: UTF-16 LE or BE, whatever was asked;
 * 2. `given`, the person's answer (reported as a choice that needs no answer);
 * 3. a UTF-8 byte order mark: UTF-8;
 * 4. the file's declaration in its first 4 KB (OFX `ENCODING:UTF-8`, `CHARSET:1252`,
 *    `CHARSET:ISO-8859-1`; XML `encoding="…"`) when the bytes agree (valid UTF-8 wins over a
 *    legacy declaration; ISO-8859-1 with bytes 0x80-0x9F is Windows-1252);
 * 5. UTF-8 when the bytes are valid UTF-8 (pure ASCII included);
 * 6. else detection among the legacy encodings (see detect).
 *
 * The choice is null when the encoding is certain (steps 1, 3, 4 and 5). Binary files (NUL bytes
 * without a UTF-16 mark, a PDF) are refused; control characters become spaces (see cleaned);
 * more than IMPORT_LINES_MAX physical lines are refused before any reader runs.
 */
export function decodeFile(bytes: Uint8Array, given?: ImportEncoding): Decoded {
  if (bytes.length === 0) throw new AppError('UNPROCESSABLE', FILE_MESSAGES.empty);
  let decoded: Decoded;
  const utf16 = startsWith(bytes, [0xff, 0xfe])
    ? 'utf-16le'
    : startsWith(bytes, [0xfe, 0xff])
      ? 'utf-16be'
      : null;
  if (utf16 !== null) {
    const encoding = listed(utf16);
    if (encoding === null) throw new AppError('UNPROCESSABLE', FILE_MESSAGES.notText);
    const text = iconv.decode(toBuffer(bytes.subarray(2)), utf16, { stripBOM: false });
    if (text.includes('\u0000')) throw new AppError('UNPROCESSABLE', FILE_MESSAGES.notText);
    decoded = { text, encoding, choice: null };
  } else {
    if (bytes.includes(0) || BINARY_MAGIC.some((magic) => startsWith(bytes, magic))) {
      throw new AppError('UNPROCESSABLE', FILE_MESSAGES.notText);
    }
    const hadUtf8Bom = startsWith(bytes, [0xef, 0xbb, 0xbf]);
    const body = hadUtf8Bom ? bytes.subarray(3) : bytes;
    if (given === undefined) decoded = choose(body, hadUtf8Bom);
    else {
      const auto = choose(body, hadUtf8Bom);
      const options = [given, ...(auto.choice?.options ?? [auto.encoding])];
      const alone =
        auto.encoding === given ? '' : `; the file alone reads as ${encodingLabel(auto.encoding)}`;
      decoded = {
        text: given === auto.encoding ? auto.text : decodeAs(body, given),
        encoding: given,
        choice: {
          kind: 'encoding',
          answer: 'reading.encoding',
          chosen: given,
          options: [...new Set(options)],
          evidence: `Read as ${encodingLabel(given)}, as you chose${alone}`,
          needsAnswer: false,
          rows: 0,
        },
      };
    }
  }
  const text = cleaned(decoded.text, utf16 !== null);
  if (text.trim() === '') throw new AppError('UNPROCESSABLE', FILE_MESSAGES.empty);
  if (lineCount(text) > IMPORT_LINES_MAX) {
    throw new AppError('UNPROCESSABLE', FILE_MESSAGES.tooManyLines(IMPORT_LINES_MAX));
  }
  return { ...decoded, text };
}
