import { generateKeyPairSync, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { ResourceKind } from '../../src/shared/schemas/common.js';
import { resourceOf, type JsonSchema } from './json-schema.js';

export type { JsonSchema };

/**
 * fast-check arbitraries for the API fuzz tests: inputs derived from a procedure's JSON schema
 * (made by zod from the shared input schema), mixed with hostile values at every level, and the
 * raw pieces of an HTTP request (path values, query pairs, headers, bodies).
 *
 * Values that depend on the database (ids of accounts and any other resource kind an id field
 * names with `x-resource`) are generated as {@link ResourceRef}s and
 * resolved when a case runs; number literals JSON.stringify cannot write (1e309) are
 * {@link RawJson}s that the body serializer writes as they are.
 */

// ---------------------------------------------------------------------------------------------
// Placeholders resolved when a case runs
// ---------------------------------------------------------------------------------------------

/** Whose id it is: the test user's live or removed ones, another user's, or nobody's. */
export type Ownership = 'own' | 'ownDeleted' | 'other' | 'unknown';
export type IdVariant = 'plain' | 'upper' | 'padded' | 'braced' | 'truncated' | 'suffixed';

/** One id of a resource kind, by whose it is (the test user's live or removed ones, another user's, none). */
export class ResourceRef {
  constructor(
    readonly resource: ResourceKind,
    readonly kind: Ownership,
    readonly index: number,
    readonly variant: IdVariant,
  ) {}
  /** Whether the server must read the same account out of it (trim and case do not matter). */
  get wellFormed(): boolean {
    return this.variant === 'plain' || this.variant === 'upper' || this.variant === 'padded';
  }
  toString(): string {
    return `ResourceRef(${this.resource}:${this.kind}#${this.index},${this.variant})`;
  }
  [fc.toStringMethod](): string {
    return this.toString();
  }
}

/** A JSON number literal written as it is into a body (JSON.parse turns 1e309 into Infinity). */
export class RawJson {
  constructor(readonly text: string) {}
  [fc.toStringMethod](): string {
    return `RawJson(${this.text})`;
  }
}

export interface IdPool {
  own: string[];
  ownDeleted: string[];
  other: string[];
}

/** The ids the fuzz test knows, per resource kind. */
export type ResourcePools = Record<ResourceKind, IdPool>;

const UNKNOWN_IDS = [randomUUID(), randomUUID(), '00000000-0000-0000-0000-000000000000'];

export function resolveResourceRef(ref: ResourceRef, pools: ResourcePools): string {
  const ids = ref.kind === 'unknown' ? UNKNOWN_IDS : pools[ref.resource][ref.kind];
  const id = ids.length > 0 ? (ids[ref.index % ids.length] as string) : randomUUID();
  switch (ref.variant) {
    case 'plain':
      return id;
    case 'upper':
      return id.toUpperCase();
    case 'padded':
      return ` ${id}\t`;
    case 'braced':
      return `{${id}}`;
    case 'truncated':
      return id.slice(0, -1);
    case 'suffixed':
      return `${id}0`;
  }
}

export type Resolved =
  string | number | boolean | null | undefined | RawJson | Resolved[] | { [key: string]: Resolved };

/** Replaces every ResourceRef; keeps own `__proto__` keys as own keys. */
export function resolveValue(value: unknown, pool: ResourcePools): Resolved {
  if (value instanceof ResourceRef) return resolveResourceRef(value, pool);
  if (value instanceof RawJson) return value;
  if (Array.isArray(value)) return value.map((item) => resolveValue(item, pool));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, resolveValue(item, pool)]),
    );
  }
  if (typeof value === 'bigint' || typeof value === 'symbol' || typeof value === 'function') {
    return String(value);
  }
  return value as Resolved;
}

/** What an in-process caller receives: RawJson parsed as a JSON parser would. */
export function toCallerValue(value: Resolved): unknown {
  if (value instanceof RawJson) return JSON.parse(value.text) as unknown;
  if (Array.isArray(value)) return value.map(toCallerValue);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toCallerValue(v)]));
  }
  return value;
}

/** JSON text of a value, with RawJson literals as they are and undefined fields left out. */
export function toJsonText(value: Resolved): string {
  if (value instanceof RawJson) return value.text;
  if (value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const fields = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A value as query-string or form text. */
export function toText(value: Resolved): string {
  if (value instanceof RawJson) return value.text;
  if (typeof value === 'object' && value !== null) return toJsonText(value);
  return String(value);
}

/** The resource refs among the top-level fields of a value, by field name. */
export function resourceRefsOf(value: unknown): Map<string, ResourceRef> {
  const refs = new Map<string, ResourceRef>();
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return refs;
  for (const [key, item] of Object.entries(value)) {
    if (item instanceof ResourceRef) refs.set(key, item);
  }
  return refs;
}

// ---------------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------------

export const HOSTILE_STRINGS = [
  '',
  ' ',
  '   \t\n ',
  "' OR 1=1 --",
  "'; DROP TABLE accounts; --",
  '"; DROP TABLE transactions; --',
  '1; SELECT pg_sleep(5)',
  "admin'--",
  '$1',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  '\u200B\u200D\uFEFF',
  '\uD800',
  '\uDFFF\uD800',
  'é'.normalize('NFD'),
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  '𝕿𝖎𝖙𝖑𝖊',
  'עברית العربية',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}#{7*7}',
  '%00',
  '%',
  '%ZZ',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  'true',
  '[]',
  '{}',
  '0x10',
  '１２',
  '\r\nSet-Cookie: x=1',
  'wallet',
  'deposit',
  '#10B981',
];

const hostileNumbers = fc.constantFrom<unknown>(
  0,
  -0,
  -1,
  -0.01,
  0.001,
  1e-7,
  5e-324,
  0.1 + 0.2,
  1.005,
  12.345,
  123.456789,
  0.30000000000000004,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 31,
  2 ** 63,
  1_000_000_000.01,
  999_999_999_999.99,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  new RawJson('1e309'),
  new RawJson('-1e309'),
  new RawJson('1E2'),
  new RawJson('0.1e1'),
  new RawJson('-0'),
  new RawJson('100000000000000000000000000000000'),
  new RawJson('1.00000000000000000001'),
  new RawJson('12.3450000000000000000'),
  new RawJson('0.0000000000000000000001'),
);

/** Strings up to ~10 KB of every kind of character. */
export const longString = fc.oneof(
  fc.integer({ min: 101, max: 10_000 }).map((n) => 'x'.repeat(n)),
  fc
    .tuple(fc.constantFrom('😀', 'é', '\u0000', ' ', "'", 'a'), fc.integer({ min: 50, max: 5_000 }))
    .map(([c, n]) => c.repeat(n)),
  fc.string({ unit: 'binary', minLength: 200, maxLength: 2_000 }),
);

const anyString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: longString },
);

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf'];

/** An object with keys that pollute prototypes when copied carelessly. */
const prototypeObject = fc
  .tuple(fc.constantFrom(...PROTOTYPE_KEYS), fc.jsonValue({ maxDepth: 2 }))
  .map(([key, value]) =>
    Object.fromEntries([[key, key === '__proto__' ? { polluted: true, value } : value]]),
  );

const nested = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.integer(),
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('node'), { maxKeys: 3 }),
  ),
})).node;

/** A deeply nested array or object, within the body limit. */
const deep = fc.tuple(fc.integer({ min: 50, max: 400 }), fc.boolean()).map(([depth, arrays]) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
  return value;
});

/** Anything that has no business in a field: wrong types, edge numbers, hostile text. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: anyString },
  { weight: 3, arbitrary: hostileNumbers },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [1, 2], { $gt: '' }, ['a']),
  },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: prototypeObject },
  { weight: 1, arbitrary: nested },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Not an object at all, or an object of the wrong shape. */
export const hostileTopLevel: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, [], '', 'str', 42, 0, true, [{}], ['id'], [[[]]]),
  prototypeObject,
  deep,
  nested,
  fc.jsonValue({ maxDepth: 3 }),
);

/** Random extra keys; some of them prototype keys or real field names with odd casing. */
export const extraKeys: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(
  fc.oneof(
    fc.string({ minLength: 1, maxLength: 12 }),
    fc.constantFrom(...PROTOTYPE_KEYS, 'ID', 'Amount', 'userId', 'user_id', 'balance', 'success'),
  ),
  hostileValue,
  { maxKeys: 4, minKeys: 1 },
);

// ---------------------------------------------------------------------------------------------
// Values from a JSON schema
// ---------------------------------------------------------------------------------------------

const resourceRef = (resource: ResourceKind): fc.Arbitrary<ResourceRef> =>
  fc
    .tuple(
      fc.constantFrom<Ownership>('own', 'own', 'own', 'own', 'ownDeleted', 'other', 'unknown'),
      fc.nat({ max: 5 }),
      fc.constantFrom<IdVariant>(
        'plain',
        'plain',
        'plain',
        'plain',
        'upper',
        'padded',
        'braced',
        'truncated',
        'suffixed',
      ),
    )
    .map(([kind, index, variant]) => new ResourceRef(resource, kind, index, variant));

/** An email known to the server (a key is registered for it) and its uppercase twin. */
export const REGISTERED_EMAIL = 'fuzz-key-holder@example.com';

const email = fc.oneof(
  { weight: 4, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.emailAddress().map((e) => ` ${e.toUpperCase()} `) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      REGISTERED_EMAIL,
      REGISTERED_EMAIL.toUpperCase(),
      `  ${REGISTERED_EMAIL}\n`,
      'a@b',
      'a@b.c',
      'no-at-sign',
      '@example.com',
      'user@',
      'user@@example.com',
      'üser@exämple.com',
      `${'a'.repeat(250)}@example.com`,
      `"quoted space"@example.com`,
      "o'brien@example.com",
      'user+tag@example.com',
      'user@[127.0.0.1]',
    ),
  },
);

function pem(type: 'rsa' | 'ec' | 'ed25519', bits = 2048): string {
  if (type === 'rsa') {
    return generateKeyPairSync('rsa', { modulusLength: bits }).publicKey.export({
      type: 'spki',
      format: 'pem',
    }) as string;
  }
  if (type === 'ec') {
    return generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({
      type: 'spki',
      format: 'pem',
    }) as string;
  }
  return generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }) as string;
}

/** Real keys, made once: valid ones register a user, the others must be refused. */
export const RSA_PUBLIC_KEYS = [pem('rsa'), pem('rsa')];
const WEAK_AND_WRONG_KEYS = [pem('rsa', 1024), pem('ec'), pem('ed25519')];

function mangledPem(key: string): fc.Arbitrary<string> {
  const body = key.replace(/-----[A-Z ]+-----/g, '').replace(/\s/g, '');
  return fc.constantFrom(
    key.replace(/\n/g, '\r\n'),
    `\n\n  ${key}  \n`,
    key.replace('PUBLIC KEY', 'RSA PUBLIC KEY'),
    key.slice(0, Math.floor(key.length / 2)),
    key.replace(body.slice(10, 30), 'A'.repeat(20)),
    `-----BEGIN PUBLIC KEY-----\n${body.slice(0, 60)}\n-----END PUBLIC KEY-----`,
    `-----BEGIN PUBLIC KEY-----\n${'QUFB'.repeat(100)}\n-----END PUBLIC KEY-----`,
    `-----BEGIN PUBLIC KEY-----\n!!!\n-----END PUBLIC KEY-----`,
    `${key}${key}`,
    `${key}trailing garbage`,
    body,
  );
}

const firstKey = RSA_PUBLIC_KEYS[0] as string;

const publicKey = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...RSA_PUBLIC_KEYS) },
  { weight: 2, arbitrary: fc.constantFrom(...WEAK_AND_WRONG_KEYS) },
  { weight: 3, arbitrary: mangledPem(firstKey) },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 200 }) },
);

const signature = fc.oneof(
  fc.base64String({ minLength: 4, maxLength: 400 }),
  fc.uint8Array({ minLength: 256, maxLength: 256 }).map((b) => Buffer.from(b).toString('base64')),
  fc.constantFrom('AAAA', 'A', '====', 'QQ==', 'Zm9v', `${'A'.repeat(4096)}`, 'a+/b'),
);

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** Unsigned or garbage-signed JWTs shaped like Firebase ID tokens for random users. */
const forgedJwt = fc
  .tuple(
    fc.constantFrom('none', 'RS256', 'HS256'),
    fc.uuid(),
    fc.boolean(),
    fc.constantFrom('password', 'google.com', 'github.com', 'anonymous', 'custom'),
    fc.integer({ min: -10_000, max: 10_000 }),
  )
  .map(([alg, sub, verified, provider, skew]) => {
    const now = Math.floor(Date.now() / 1000) + skew;
    const header = base64url({ alg, kid: 'fuzz', typ: 'JWT' });
    const payload = base64url({
      iss: 'https://securetoken.google.com/demo-expense-tracker',
      aud: 'demo-expense-tracker',
      sub,
      user_id: sub,
      iat: now - 60,
      auth_time: now - 60,
      exp: now + 3600,
      email: `${sub}@example.com`,
      email_verified: verified,
      firebase: { sign_in_provider: provider, identities: {} },
    });
    return `${header}.${payload}.${alg === 'none' ? '' : 'c2lnbmF0dXJl'}`;
  });

export const FORGED_ID_TOKEN = fc.sample(forgedJwt, { numRuns: 1, seed: 7 })[0] as string;

const idToken = fc.oneof(
  { weight: 3, arbitrary: forgedJwt },
  { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 200 }) },
  { weight: 1, arbitrary: fc.constantFrom('a.b.c', '..', 'eyJ.eyJ.', ' token ', 'x'.repeat(8193)) },
);

/** Cursors: well-formed ones (base64url of "s:<seq>") and everything around them. */
const cursor = fc.oneof(
  fc
    .bigInt({ min: 0n, max: 10n ** 19n - 1n })
    .map((seq) => Buffer.from(`s:${seq}`).toString('base64url')),
  fc.nat({ max: 1_000 }).map((seq) => Buffer.from(`s:${seq}`).toString('base64url')),
  fc.constantFrom(
    Buffer.from('s:9999999999999999999').toString('base64url'),
    Buffer.from('s:-1').toString('base64url'),
    Buffer.from('s:1e5').toString('base64url'),
    Buffer.from("s:1' OR 1=1").toString('base64url'),
    Buffer.from('s:').toString('base64url'),
    'czox',
    'czox==',
    '!!!',
  ),
  fc.base64String({ maxLength: 60 }),
);

const dateTime = fc.oneof(
  fc
    .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z') })
    .filter((d) => !Number.isNaN(d.getTime()))
    .map((d) => d.toISOString()),
  fc.constantFrom(
    '2025-01-01T00:00:00Z',
    '2025-01-01T00:00:00+14:00',
    '2025-01-01T00:00:00-12:00',
    '2025-01-01T00:00:00.123456789Z',
    '2024-02-29T23:59:59Z',
    '2023-02-29T00:00:00Z',
    '0000-01-01T00:00:00Z',
    '0001-01-01T00:00:00+14:00',
    '9999-12-31T23:59:59Z',
    '2025-01-01',
    '2025-01-01 00:00:00Z',
    '2025-13-01T00:00:00Z',
    '2025-01-01T24:00:00Z',
    '1e12',
  ),
);

function enumValue(values: unknown[]): fc.Arbitrary<unknown> {
  const strings = values.filter((v): v is string => typeof v === 'string');
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...values) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...strings)
        .chain((v) => fc.constantFrom(v.toUpperCase(), ` ${v}`, `${v}s`, v.slice(1))),
    },
  );
}

function boundedString(min: number, max: number): fc.Arbitrary<string> {
  const capped = Math.min(max, 60);
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: Math.max(min, 1), maxLength: capped }) },
    {
      weight: 2,
      arbitrary: fc.string({ unit: 'grapheme', minLength: Math.max(min, 1), maxLength: capped }),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: min, maxLength: capped }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'a'.repeat(max),
        'a'.repeat(max + 1),
        ` ${'a'.repeat(max)} `,
        '😀'.repeat(Math.floor(max / 2)),
        '😀'.repeat(Math.floor(max / 2) + 1),
        'a'.repeat(Math.max(min - 1, 0)),
      ),
    },
  );
}

function amount(schema: JsonSchema): fc.Arbitrary<unknown> {
  const maxCents = Math.round((schema.maximum ?? 1_000_000) * 100);
  const minCents =
    schema.exclusiveMinimum !== undefined
      ? Math.round(schema.exclusiveMinimum * 100) + 1
      : Math.round((schema.minimum ?? 0) * 100);
  return fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: minCents, max: 100_000 }).map((c) => c / 100) },
    { weight: 2, arbitrary: fc.integer({ min: minCents, max: maxCents }).map((c) => c / 100) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        minCents / 100,
        maxCents / 100,
        (maxCents + 1) / 100,
        (minCents - 1) / 100,
        0.1,
        0.2,
        0.3,
        1.1,
        12.5,
      ),
    },
    { weight: 1, arbitrary: hostileNumbers },
  );
}

function integer(schema: JsonSchema): fc.Arbitrary<unknown> {
  const min = schema.minimum ?? -1_000_000;
  const max = schema.maximum ?? 1_000_000;
  return fc.oneof(
    { weight: 5, arbitrary: fc.integer({ min, max }) },
    { weight: 1, arbitrary: fc.constantFrom(min, max, min - 1, max + 1, 1.5, -1, 2 ** 53 + 2) },
  );
}

/** Ids a client would send: mostly its own live ones, sometimes others (then a 404). */
const strictResourceRef = (resource: ResourceKind): fc.Arbitrary<ResourceRef> =>
  fc
    .tuple(
      fc.constantFrom<Ownership>(
        'own',
        'own',
        'own',
        'own',
        'own',
        'own',
        'own',
        'ownDeleted',
        'other',
        'unknown',
      ),
      fc.nat({ max: 5 }),
      fc.constantFrom<IdVariant>('plain', 'plain', 'plain', 'plain', 'plain', 'upper', 'padded'),
    )
    .map(([kind, index, variant]) => new ResourceRef(resource, kind, index, variant));

/** Plain addresses every email validator accepts (fc.emailAddress also makes exotic ones). */
const strictEmail = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.stringMatching(
      /^[a-z0-9](?:[a-z0-9_+-]{0,20}[a-z0-9])?@[a-z0-9]{1,15}\.[a-z]{2,6}$/,
    ),
  },
  { weight: 1, arbitrary: fc.constant(REGISTERED_EMAIL) },
);

/** Amounts of at most two decimals, mostly small so that withdrawals often succeed. */
function strictAmount(schema: JsonSchema): fc.Arbitrary<number> {
  const maxCents = Math.round((schema.maximum ?? 1_000_000) * 100);
  return fc
    .oneof(
      { weight: 8, arbitrary: fc.integer({ min: 1, max: 5_000 }) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: maxCents }) },
    )
    .map((cents) => cents / 100);
}

/** Text with at least one visible character (titles are trimmed before the length check). */
function strictString(min: number, max: number): fc.Arbitrary<string> {
  const capped = Math.min(max, 60);
  return fc
    .oneof(
      fc.string({ minLength: Math.max(min, 1), maxLength: capped }),
      fc.string({ unit: 'grapheme', minLength: Math.max(min, 1), maxLength: capped }),
    )
    .filter((text) => min === 0 || text.trim().length >= min);
}

const wellFormedCursor = fc
  .nat({ max: 100_000 })
  .map((seq) => Buffer.from(`s:${seq}`).toString('base64url'));

const isoDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z') })
  .filter((d) => !Number.isNaN(d.getTime()))
  .map((d) => d.toISOString());

/**
 * A value that fits the field's schema, or nearly: its edges and just beyond them. With `strict`,
 * only values a well-behaved client would send (the server may still refuse some, e.g. a
 * withdrawal beyond the balance or an id of someone else's account).
 */
export function validishValue(
  name: string,
  schema: JsonSchema,
  strict = false,
): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => validishValue(name, s, strict)));
  const resource = resourceOf(schema);
  if (resource) return strict ? strictResourceRef(resource) : resourceRef(resource);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return strict
        ? fc.integer({ min: schema.minimum ?? 0, max: schema.maximum ?? 1_000 })
        : integer(schema);
    case 'number':
      return strict ? strictAmount(schema) : amount(schema);
    case 'string': {
      if (name === 'email') return strict ? strictEmail : email;
      if (name === 'publicKey') return strict ? fc.constantFrom(...RSA_PUBLIC_KEYS) : publicKey;
      if (name === 'signature') return signature;
      if (name === 'idToken') return strict ? forgedJwt : idToken;
      if (name === 'cursor') return strict ? wellFormedCursor : cursor;
      if (schema.format === 'date-time') return strict ? isoDate : dateTime;
      if (schema.enum) return strict ? fc.constantFrom(...schema.enum) : enumValue(schema.enum);
      if (schema.pattern) {
        const matching = fc.stringMatching(new RegExp(schema.pattern));
        if (strict) return matching;
        const max = schema.maxLength ?? 200;
        return fc.oneof(
          { weight: 4, arbitrary: matching },
          { weight: 1, arbitrary: boundedString(schema.minLength ?? 0, max) },
        );
      }
      const min = schema.minLength ?? 0;
      const max = schema.maxLength ?? 200;
      return strict ? strictString(min, max) : boundedString(min, max);
    }
    default:
      return hostileValue;
  }
}

/** One fixed, valid value per field: the base of the hand-picked example cases. */
export function canonicalValue(name: string, schema: JsonSchema): unknown {
  if (schema.anyOf) {
    const first = schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0];
    return first ? canonicalValue(name, first) : null;
  }
  const resource = resourceOf(schema);
  if (resource) return new ResourceRef(resource, 'own', 0, 'plain');
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return true;
    case 'integer':
      return Math.min(schema.maximum ?? 10, Math.max(schema.minimum ?? 0, 10));
    case 'number':
      return Math.min(schema.maximum ?? 12.5, 12.5);
    case 'string':
      if (name === 'email') return 'fuzz-example@example.com';
      if (name === 'publicKey') return RSA_PUBLIC_KEYS[1];
      if (name === 'signature') return 'QUFBQQ==';
      if (name === 'idToken') return FORGED_ID_TOKEN;
      if (name === 'cursor') return Buffer.from('s:1').toString('base64url');
      if (schema.format === 'date-time') return '2025-01-01T00:00:00.000Z';
      if (schema.enum) return schema.enum[0];
      if (schema.pattern) {
        return fc.sample(fc.stringMatching(new RegExp(schema.pattern)), {
          numRuns: 1,
          seed: 42,
        })[0];
      }
      return 'Example';
    default:
      return null;
  }
}

/** Every field of the schema with its canonical value. */
export function canonicalInput(schema: JsonSchema): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, s]) => [name, canonicalValue(name, s)]),
  );
}

/**
 * Hand-picked values per field that every run tries, whatever the seed: the ones that reach the
 * database in a form it may choke on (NUL in text, year 0000, a literal beyond double range).
 */
export function edgeValues(name: string, schema: JsonSchema): unknown[] {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (schema.anyOf) return schema.anyOf.flatMap((s) => edgeValues(name, s));
  if (type === 'number') return [new RawJson('1e309'), 12.345];
  if (type === 'integer') return [1.5];
  if (type !== 'string') return [];
  const resource = resourceOf(schema);
  if (resource) return [new ResourceRef(resource, 'other', 0, 'plain')];
  // Year 0 does not exist in PostgreSQL, neither written out nor reached through an offset.
  if (schema.format === 'date-time') return ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00+14:00'];
  if (schema.pattern || schema.enum) return [];
  return ['a\u0000b'];
}

/** The canonical input with one field replaced by one of its edge values, for every pair. */
export function edgeInputs(schema: JsonSchema): Record<string, unknown>[] {
  const base = canonicalInput(schema);
  return Object.entries(schema.properties ?? {}).flatMap(([name, s]) =>
    edgeValues(name, s).map((value) => ({ ...base, [name]: value })),
  );
}

/** A field: mostly a fitting value, sometimes a hostile one. */
export function fieldValue(name: string, schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: validishValue(name, schema) },
    { weight: 1, arbitrary: hostileValue },
  );
}

const OMIT = Symbol('omit');

/**
 * An input object for a procedure. Strict: every required field and some optional ones, each
 * with a value a client would send. Otherwise: each field present (required ones nearly always),
 * a fitting or hostile value in it, sometimes random extra keys.
 */
export function inputObject(
  schema: JsonSchema,
  strict = false,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = properties.map(([name, fieldSchema]) => {
    const isRequired = required.has(name);
    const value = strict ? validishValue(name, fieldSchema, true) : fieldValue(name, fieldSchema);
    const field =
      strict && isRequired ? value : fc.option(value, { nil: OMIT, freq: isRequired ? 15 : 2 });
    return field.map((v) => [name, v] as const);
  });
  return fc
    .tuple(fc.tuple(...fields), fc.option(extraKeys, { freq: strict ? 20 : 5, nil: undefined }))
    .map(([entries, extra]) => ({
      ...Object.fromEntries(entries.filter(([, value]) => value !== OMIT)),
      ...extra,
    }));
}

/** Mostly a valid-looking input object, sometimes anything procedureInput makes. */
export function cleanInput(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: inputObject(schema, true) },
    { weight: 1, arbitrary: procedureInput(schema) },
  );
}

/** A valid-looking input object, a mixed one, or something else entirely. */
export function procedureInput(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 8, arbitrary: inputObject(schema, true) },
    { weight: 8, arbitrary: inputObject(schema) },
    { weight: 2, arbitrary: hostileTopLevel },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

// ---------------------------------------------------------------------------------------------
// The HTTP parts of a request
// ---------------------------------------------------------------------------------------------

/** How the Authorization header is sent; 'owner' and 'other' carry real, live tokens. */
export type AuthSpec =
  | 'owner'
  | 'other'
  | 'none'
  | 'ownerLowercaseScheme'
  | 'ownerPadded'
  | 'revoked'
  | 'emptyBearer'
  | 'garbage'
  | 'basic'
  | 'ownerSuffixed'
  | 'long'
  | 'unicode'
  | 'twoTokens';

export const authSpec: fc.Arbitrary<AuthSpec> = fc.oneof(
  { weight: 14, arbitrary: fc.constant<AuthSpec>('owner') },
  { weight: 2, arbitrary: fc.constant<AuthSpec>('other') },
  { weight: 2, arbitrary: fc.constant<AuthSpec>('none') },
  {
    weight: 3,
    arbitrary: fc.constantFrom<AuthSpec>(
      'ownerLowercaseScheme',
      'ownerPadded',
      'revoked',
      'emptyBearer',
      'garbage',
      'basic',
      'ownerSuffixed',
      'long',
      'unicode',
      'twoTokens',
    ),
  },
);

/** The Authorization header of a spec, given the live tokens. */
export function authorizationHeader(
  spec: AuthSpec,
  tokens: { owner: string; other: string; revoked: string },
): string | undefined {
  switch (spec) {
    case 'owner':
      return `Bearer ${tokens.owner}`;
    case 'other':
      return `Bearer ${tokens.other}`;
    case 'none':
      return undefined;
    case 'ownerLowercaseScheme':
      return `bearer ${tokens.owner}`;
    case 'ownerPadded':
      return `Bearer   ${tokens.owner}  `;
    case 'revoked':
      return `Bearer ${tokens.revoked}`;
    case 'emptyBearer':
      return 'Bearer ';
    case 'garbage':
      return "Bearer ' OR 1=1 --";
    case 'basic':
      return `Basic ${Buffer.from('user:pass').toString('base64')}`;
    case 'ownerSuffixed':
      return `Bearer ${tokens.owner}x`;
    case 'long':
      return `Bearer ${'A'.repeat(8_000)}`;
    case 'unicode':
      return 'Bearer 😀\u202E';
    case 'twoTokens':
      return `Bearer ${tokens.other} ${tokens.owner}`;
  }
}

/** What a well-behaved client sends: mostly the owner's token, sometimes another's or none. */
export const cleanAuthSpec: fc.Arbitrary<AuthSpec> = fc.oneof(
  { weight: 8, arbitrary: fc.constant<AuthSpec>('owner') },
  { weight: 1, arbitrary: fc.constant<AuthSpec>('other') },
  { weight: 1, arbitrary: fc.constant<AuthSpec>('none') },
);

/** Which user a spec authenticates as, if any. */
export function actorOf(spec: AuthSpec): 'owner' | 'other' | null {
  if (spec === 'owner' || spec === 'ownerLowercaseScheme' || spec === 'ownerPadded') {
    return 'owner';
  }
  return spec === 'other' ? 'other' : null;
}

export const idempotencyKey: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 16, unit: 'grapheme-ascii' }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', ' ', 'k'.repeat(300), 'clé-😀-\u202E', '\u0000', 'a,b'),
  },
);

export const JSON_CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json;charset=UTF-8',
];

export const OTHER_CONTENT_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
  'application/json, text/plain',
  '*/*',
  'garbage',
  '',
  ';;;',
];

export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 20, arbitrary: fc.constantFrom(...JSON_CONTENT_TYPES) },
  { weight: 3, arbitrary: fc.constantFrom(...OTHER_CONTENT_TYPES) },
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30, unit: 'grapheme-ascii' }) },
);

/** Lone surrogates become U+FFFD, as a browser would send them. */
export function wellFormed(text: string): string {
  return text.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  );
}

/** Percent-encodes any text, lone surrogates included. */
export function encodeText(text: string): string {
  return encodeURIComponent(wellFormed(text));
}

/**
 * A header value as a server receives it from a socket: UTF-8 bytes read as Latin-1, without
 * the control characters the HTTP parser refuses (app.inject would pass them on as they are).
 */
export function wireHeader(value: string): string {
  const latin1 = Buffer.from(wellFormed(value), 'utf8').toString('latin1');
  return [...latin1]
    .filter((ch) => {
      const code = ch.charCodeAt(0);
      return code === 0x09 || (code >= 0x20 && code !== 0x7f);
    })
    .join('');
}

/** Bodies no serializer makes: broken JSON, odd literals, sizes beyond the limit. */
export const rawBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '{',
    '{"amount": ',
    '}',
    'null',
    '[]',
    '"str"',
    '42',
    'true',
    '{"amount": NaN}',
    '{"amount": Infinity}',
    "{'title': 'single quotes'}",
    '{"title": "a", "title": "b"}',
    '{"amount": 1, "amount": -1}',
    '{"__proto__": {"polluted": true}}',
    '{"constructor": {"prototype": {"polluted": true}}}',
    '{"title": "T"} trailing',
    '\uFEFF{"title": "BOM"}',
    '{"title": "\\ud800"}',
    '{"title": "\\u0000"}',
    '{"title":"x",}',
    '/* comment */ {"title": "x"}',
    'title=Form&amount=1',
    '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nT\r\n--xyz--',
    `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  ),
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? 'null'),
  // Beyond the 64 KiB body limit.
  fc
    .integer({ min: 65_537, max: 200_000 })
    .map((n) => JSON.stringify({ title: 'x'.repeat(n), amount: 1, idToken: 'x' })),
);

/** A path parameter as typed by someone who does not encode it. */
export const rawPathValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '%20',
    '%2F',
    '%2e%2e%2f',
    '..',
    '../..',
    '../../etc/passwd',
    'a/b',
    '%',
    '%ZZ',
    '%00',
    '%C0%AF',
    '%E2%80%AE',
    '%F0%9F%98%80',
    '😀',
    'é',
    'a b',
    '?x=1',
    '#frag',
    ';x=1',
    'null',
    'undefined',
    '__proto__',
    "' OR 1=1 --",
    'x'.repeat(5_000),
  ),
  fc.webSegment(),
  fc.string({ maxLength: 40, unit: 'grapheme-ascii' }),
);

/** Query pairs beyond the input's own fields: random keys, prototype keys, repeats. */
export const extraQueryPairs: fc.Arbitrary<[string, string][]> = fc.array(
  fc.tuple(
    fc.oneof(
      fc.string({ minLength: 1, maxLength: 10 }),
      fc.constantFrom(
        ...PROTOTYPE_KEYS,
        'limit',
        'cursor',
        'type',
        'from',
        'to',
        'accountId',
        'email',
        'id',
        'input',
        '',
        'a[b]',
        'a.b',
      ),
    ),
    fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(...HOSTILE_STRINGS)),
  ),
  { maxLength: 4 },
);
