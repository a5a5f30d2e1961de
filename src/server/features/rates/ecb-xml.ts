import {
  checkCurrency,
  EcbRatesCollector,
  readDay,
  unreadable,
  type EcbRates,
  type Where,
} from './ecb-rates.js';

// The ECB's XML layouts (docs/rates.md#ecb-files): eurofxref-daily.xml, eurofxref-hist-90d.xml and
// eurofxref-hist.xml are one shape with one, ~64 or ~7,000 days:
//   <gesmes:Envelope ...><gesmes:subject>Reference rates</gesmes:subject>
//     <gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
//     <Cube><Cube time='2026-11-27'><Cube currency='USD' rate='1.0823'/>...</Cube>...</Cube>
//   </gesmes:Envelope>
// Read in one pass by a small tokenizer of our own (tags, attributes in either quote, comments,
// the XML declaration), not a general XML parser: no entities, no DOCTYPE, no element the ECB
// does not write. Each tag is bounded before anything looks at it (decision 019).

/** The longest tag the ECB writes is the envelope's, with its two namespaces. */
const TAG_MAX = 1_000;

/** The elements of the layout: what each may contain. */
const CHILDREN: Record<string, readonly string[]> = {
  '': ['gesmes:Envelope'],
  'gesmes:Envelope': ['gesmes:subject', 'gesmes:Sender', 'Cube@root'],
  'gesmes:Sender': ['gesmes:name'],
  'gesmes:subject': [],
  'gesmes:name': [],
  'Cube@root': ['Cube@day'],
  'Cube@day': ['Cube@rate'],
  'Cube@rate': [],
};
/** Elements whose text is words (the subject, the sender's name); elsewhere only white space. */
const TEXT_ALLOWED = new Set(['gesmes:subject', 'gesmes:name']);

interface Tag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
  attributes: Map<string, string>;
}

/** Attributes of a tag's inside (`name="value"` or `name='value'`, separated by white space). */
function readAttributes(text: string, where: Where): Map<string, string> {
  const attributes = new Map<string, string>();
  let i = 0;
  const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r';
  while (i < text.length) {
    while (isSpace(text[i])) i += 1;
    if (i >= text.length) break;
    const equals = text.indexOf('=', i);
    if (equals === -1) throw unreadable(where, 'an attribute without a value');
    const name = text.slice(i, equals).trim();
    const quote = text[equals + 1];
    if (quote !== '"' && quote !== "'") throw unreadable(where, `attribute ${name} is not quoted`);
    const end = text.indexOf(quote, equals + 2);
    if (end === -1) throw unreadable(where, `attribute ${name} has no closing quote`);
    const value = text.slice(equals + 2, end);
    if (value.includes('&') || value.includes('<')) {
      throw unreadable(where, `attribute ${name} holds markup the ECB layout does not use`);
    }
    if (attributes.has(name)) throw unreadable(where, `attribute ${name} is there twice`);
    attributes.set(name, value);
    i = end + 1;
    if (i < text.length && !isSpace(text[i])) {
      throw unreadable(where, 'attributes must be separated by white space');
    }
  }
  return attributes;
}

function readTag(inside: string, where: Where): Tag {
  const closing = inside.startsWith('/');
  const selfClosing = !closing && inside.endsWith('/');
  const body = inside.slice(closing ? 1 : 0, selfClosing ? -1 : undefined);
  let nameEnd = 0;
  while (nameEnd < body.length && !' \t\r\n'.includes(body[nameEnd] ?? ' ')) nameEnd += 1;
  const name = body.slice(0, nameEnd);
  if (name === '') throw unreadable(where, 'a tag without a name');
  const rest = body.slice(nameEnd);
  if (closing && rest.trim() !== '')
    throw unreadable(where, `a closing tag </${name}> with more in it`);
  return {
    name,
    closing,
    selfClosing,
    attributes: closing ? new Map<string, string>() : readAttributes(rest, where),
  };
}

/** Which of the three Cube levels an opening Cube tag is, from where it stands. */
function cubeRole(parent: string): string {
  if (parent === 'gesmes:Envelope') return 'Cube@root';
  if (parent === 'Cube@root') return 'Cube@day';
  if (parent === 'Cube@day') return 'Cube@rate';
  return 'Cube';
}

function expectAttributes(tag: Tag, names: readonly string[], where: Where): void {
  const fits =
    tag.attributes.size === names.length && names.every((name) => tag.attributes.has(name));
  if (!fits) {
    const expected = names.length === 0 ? 'no attributes' : names.join(' and ');
    throw unreadable(where, `<Cube> here takes ${expected}`);
  }
}

const RATE_CUBE = '<Cube currency=';

/**
 * The common case read without the general tokenizer (most of a history file is these):
 * `<Cube currency='USD' rate='1.0823'/>` exactly, in either quote. Returns where it ends, or -1
 * when the tag is written any other way, for the general path to read (or refuse).
 */
function rateCubeEnd(
  text: string,
  open: number,
  day: string,
  collector: EcbRatesCollector,
  where: () => string,
): number {
  if (!text.startsWith(RATE_CUBE, open)) return -1;
  const quote = text[open + RATE_CUBE.length];
  if (quote !== '"' && quote !== "'") return -1;
  const codeStart = open + RATE_CUBE.length + 1;
  const codeEnd = codeStart + 3;
  const rateStart = codeEnd + ` rate=${quote}`.length + 1;
  if (!text.startsWith(`${quote} rate=${quote}`, codeEnd)) return -1;
  const rateEnd = text.indexOf(quote, rateStart);
  if (rateEnd === -1 || rateEnd - rateStart > TAG_MAX || !text.startsWith('/>', rateEnd + 1)) {
    return -1;
  }
  const rate = text.slice(rateStart, rateEnd);
  // Markup in a value is the general path's to refuse, in its words.
  if (rate.includes('&') || rate.includes('<')) return -1;
  const currency = text.slice(codeStart, codeEnd);
  checkCurrency(currency, () => `${where()}, currency`);
  collector.add(day, currency, rate, () => `${where()}, ${currency}`);
  return rateEnd + 3;
}

export function readEcbXml(text: string): EcbRates {
  const collector = new EcbRatesCollector('xml');
  const stack: string[] = [''];
  let day: string | null = null;
  let position = 0;
  let line = 1;
  let counted = 0;
  /** The line `at` is on: counts the line breaks since the last call (positions only grow). */
  const lineAt = (at: number): number => {
    for (let i = counted; i < at; i += 1) if (text.charCodeAt(i) === 10) line += 1;
    counted = Math.max(counted, at);
    return line;
  };
  let sawRoot = false;
  while (position < text.length) {
    const open = text.indexOf('<', position);
    const between = text.slice(position, open === -1 ? text.length : open);
    const parent = stack[stack.length - 1] ?? '';
    if (between.trim() !== '' && !TEXT_ALLOWED.has(parent)) {
      throw unreadable(`line ${lineAt(position)}`, 'text outside the elements of the layout');
    }
    if (open === -1) break;
    const where = () => `line ${lineAt(open)}`;
    if (parent === 'Cube@day' && day !== null) {
      const end = rateCubeEnd(text, open, day, collector, where);
      if (end !== -1) {
        position = end;
        continue;
      }
    }
    if (text.startsWith('<!--', open)) {
      const end = text.indexOf('-->', open + 4);
      if (end === -1) throw unreadable(where, 'a comment that does not end');
      position = end + 3;
      continue;
    }
    if (text.startsWith('<?', open)) {
      const end = text.indexOf('?>', open + 2);
      if (end === -1 || end - open > TAG_MAX)
        throw unreadable(where, 'a declaration that does not end');
      const declaration = text.slice(open + 2, end);
      if (!declaration.startsWith('xml') || sawRoot) {
        throw unreadable(where, 'a processing instruction the ECB layout does not use');
      }
      const encoding = /encoding\s*=\s*["']([^"']{0,40})["']/.exec(declaration)?.[1];
      if (encoding !== undefined && encoding.toUpperCase() !== 'UTF-8') {
        throw unreadable(where, `the file says it is ${encoding}; the ECB's files are UTF-8`);
      }
      position = end + 2;
      continue;
    }
    if (text.startsWith('<!', open)) {
      throw unreadable(where, 'a DOCTYPE or CDATA section, which the ECB layout does not use');
    }
    const close = text.indexOf('>', open + 1);
    if (close === -1 || close - open > TAG_MAX) throw unreadable(where, 'a tag that does not end');
    const tag = readTag(text.slice(open + 1, close), where);
    position = close + 1;
    if (tag.closing) {
      const expected = stack.pop() ?? '';
      const expectedName = expected.startsWith('Cube') ? 'Cube' : expected;
      if (tag.name !== expectedName || expected === '') {
        throw unreadable(
          where,
          `</${tag.name}> where </${expectedName || 'nothing'}> should close`,
        );
      }
      if (expected === 'Cube@day') day = null;
      continue;
    }
    const role = tag.name === 'Cube' ? cubeRole(parent) : tag.name;
    if (!(CHILDREN[parent] ?? []).includes(role)) {
      throw unreadable(
        where,
        `<${tag.name}> is not expected inside <${parent.split('@')[0] || 'the file'}>`,
      );
    }
    if (role === 'gesmes:Envelope') {
      if (sawRoot) throw unreadable(where, 'a second envelope');
      sawRoot = true;
    } else if (role === 'Cube@root') {
      expectAttributes(tag, [], where);
    } else if (role === 'Cube@day') {
      expectAttributes(tag, ['time'], where);
      day = readDay(tag.attributes.get('time') ?? '', () => `${where()}, time`, false);
      collector.startDay(day, where());
    } else if (role === 'Cube@rate') {
      expectAttributes(tag, ['currency', 'rate'], where);
      const currency = tag.attributes.get('currency') ?? '';
      checkCurrency(currency, () => `${where()}, currency`);
      collector.add(
        day ?? '',
        currency,
        tag.attributes.get('rate') ?? '',
        () => `${where()}, ${currency}`,
      );
    }
    if (!tag.selfClosing) stack.push(role);
  }
  if (!sawRoot) throw unreadable('the whole file', 'it has no <gesmes:Envelope>');
  if (stack.length > 1) {
    throw unreadable(
      'the end of the file',
      `<${(stack[stack.length - 1] ?? '').split('@')[0]}> is not closed`,
    );
  }
  return collector.finish();
}
