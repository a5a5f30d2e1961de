import type { AddressInfo } from 'node:net';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSession } from '../../src/server/features/sessions/session-service.js';
import {
  DEMO_PROJECT_ID,
  createFirebaseAuth,
  type FirebaseAuthService,
} from '../../src/server/features/auth/firebase-identity.js';
import { DemoMailbox } from '../../src/server/features/mail/mailer.js';
import { createTestApp, testEnv, type TestApp, type TestUser } from '../helpers/test-app.js';
import { SchemaJudge, type Schema } from '../helpers/openapi-requests.js';
import { AuthEmulatorClient } from '../helpers/firebase-emulator-client.js';
import { rsaKeyPair, signChallenge } from '../helpers/rsa-keys.js';

/**
 * A client that knows only the published document (docs/api.md#links-and-examples): signed in as
 * a new user (the session is the one thing it is given), it reaches every operation by building
 * its request from the document's examples and from the values its links take from earlier
 * answers, e.g. POST /api/account, then GET /api/account/{id} with `$response.body#/data/id`.
 * Nothing here knows our routes, fixtures or ids, except what a person brings from outside any
 * document to three sign-in steps (OUTSIDE_PROOFS below).
 *
 * For each operation, in document order: when its request names something (an id field, marked
 * `x-resource`, in the path or in the example body), the links that lead to it supply those
 * values, each from a fresh run of the operation the link starts from (itself reached the same
 * way); otherwise the examples alone make the request. It fails when
 *
 * - an operation never answers 2xx (a link or an example missing, or refused),
 * - a request built from the examples and links is not valid per the document,
 * - any answer has a status the operation does not list, a body that does not match that
 *   status's schema, or lacks a header the document marks required.
 */

interface WalkOperation {
  id: string;
  method: string;
  path: string;
  raw: Schema;
}

interface Link {
  from: string;
  name: string;
  parameters: Record<string, unknown>;
  requestBody: unknown;
  /** `x-another-person`: someone else than who got the answer sends the request. */
  anotherPerson: boolean;
}

interface Exchange {
  request: { path: Record<string, string>; body: unknown };
  status: number;
  body: unknown;
  /** Who sent it. */
  sender: TestUser;
}

const MAX_DEPTH = 5;

/** A JSON pointer into a value, or undefined when it leads nowhere. */
function pointer(value: unknown, path: string): unknown {
  let current = value;
  for (const raw of path.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

const MISSING = Symbol('missing');

/** Evaluates the runtime expressions in a link value (also inside lists and objects). */
function evaluate(value: unknown, source: Exchange): unknown {
  if (typeof value === 'string') {
    let found: unknown = value;
    if (value.startsWith('$response.body#')) found = pointer(source.body, value.slice(15));
    else if (value.startsWith('$request.body#'))
      found = pointer(source.request.body, value.slice(14));
    else if (value.startsWith('$request.path.')) found = source.request.path[value.slice(14)];
    else return value;
    return found === undefined ? MISSING : found;
  }
  if (Array.isArray(value)) return value.map((item) => evaluate(item, source));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, evaluate(item, source)]),
    );
  }
  return value;
}

function hasMissing(value: unknown): boolean {
  if (value === MISSING) return true;
  if (Array.isArray(value)) return value.some(hasMissing);
  if (value !== null && typeof value === 'object') return Object.values(value).some(hasMissing);
  return false;
}

/** Whether a schema names a resource (`x-resource`, at its top, in a branch or in its items). */
function namesResource(schema: Schema | undefined): boolean {
  if (!schema) return false;
  if (schema['x-resource']) return true;
  const branches = (schema.anyOf ?? schema.oneOf ?? []) as Schema[];
  return branches.some(namesResource) || namesResource(schema.items as Schema | undefined);
}

function bodySchemaOf(operation: WalkOperation): Schema | undefined {
  return operation.raw.requestBody?.content?.['application/json']?.schema as Schema | undefined;
}

/** The values a request of this operation must get from links: ids in the path or example body. */
function neededValues(operation: WalkOperation): string[] {
  const needs: string[] = [];
  for (const parameter of (operation.raw.parameters ?? []) as Schema[]) {
    if (parameter.required && namesResource(parameter.schema as Schema)) {
      needs.push(`param:${parameter.name as string}`);
    }
  }
  const schema = bodySchemaOf(operation);
  if (schema) {
    const example = operation.raw.requestBody.content['application/json'].example as unknown;
    if (example === undefined) needs.push('body');
    else {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      for (const [name, value] of Object.entries(example as Record<string, unknown>)) {
        if (value !== null && namesResource(properties[name])) needs.push(`body:${name}`);
      }
    }
  }
  return needs;
}

/** What a link supplies, in the words of neededValues. */
function supplies(link: Link): string[] {
  const body =
    link.requestBody === undefined
      ? []
      : typeof link.requestBody === 'string'
        ? ['body']
        : [
            'body',
            ...Object.entries(link.requestBody as Record<string, unknown>)
              .filter(
                ([, value]) =>
                  (typeof value === 'string' && value.startsWith('$')) || Array.isArray(value),
              )
              .map(([name]) => `body:${name}`),
          ];
  return [...Object.keys(link.parameters).map((name) => `param:${name}`), ...body];
}

/**
 * A link's requestBody is a whole body (the target's example with the link's fields in it): the
 * fields it sets are the ones that differ from the example, and those are put into the body
 * being built, so that two links can each supply a field (a transfer's two accounts).
 */
function mergeBody(body: unknown, example: unknown, raw: unknown, evaluated: unknown): unknown {
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isObject(body) || !isObject(example) || !isObject(raw) || !isObject(evaluated)) {
    return evaluated;
  }
  const merged = { ...body };
  for (const [key, value] of Object.entries(raw)) {
    if (JSON.stringify(value) !== JSON.stringify(example[key])) merged[key] = evaluated[key];
  }
  return merged;
}

/**
 * Three sign-in steps need a proof no document can hold, which a person brings from outside it
 * (as a fuzzer is given credentials): a token from their identity provider, a signature made with
 * their own key pair, and the token of the link mailed to their address. Each proof is made the
 * way that person would make it, and only the fields it names replace the document's example;
 * the requests that lead to it (a key registered, a challenge issued) go through the document's
 * operations and are held to it like every other (docs/testing.md#the-document-walker).
 */
type OutsideProof = (walker: {
  send(name: string, body: unknown): Promise<Exchange | undefined>;
}) => Promise<Record<string, unknown>>;

describe('a client that reads only the OpenAPI document reaches every operation', () => {
  let t: TestApp;
  let firebase: FirebaseAuthService;
  const emulator = new AuthEmulatorClient(inject('authEmulatorHost'));
  const mailbox = new DemoMailbox();
  let proofCount = 0;
  let user: TestUser;
  let operations: WalkOperation[];
  const incoming = new Map<string, Link[]>();
  const judge = new SchemaJudge();
  const problems: string[] = [];
  const reached = new Map<string, number[]>();
  const lastRefusal = new Map<string, string>();
  /** The last 2xx of each operation: a source whose example cannot be made twice is reused. */
  const lastSuccess = new Map<string, Exchange>();
  const policy = {
    idleTimeoutSeconds: testEnv.SESSION_IDLE_TIMEOUT_SECONDS,
    maxAgeSeconds: testEnv.SESSION_MAX_AGE_SECONDS,
  };

  /** A person's own key pair, registered through the document, for the address they sign in with. */
  async function registerOwnKey(
    walker: Parameters<OutsideProof>[0],
    email: string,
  ): Promise<ReturnType<typeof rsaKeyPair>> {
    const key = rsaKeyPair();
    await walker.send('POST /api/key-auth/register', { email, publicKey: key.publicPem });
    return key;
  }

  const OUTSIDE_PROOFS: Record<string, OutsideProof> = {
    // The identity provider's token for a verified address (the local Auth emulator).
    'POST /api/auth/firebase': async () => {
      const email = `walker-provider-${++proofCount}-${Date.now()}@example.com`;
      const signedUp = await emulator.signUp(email, 'walker password 1');
      await emulator.sendVerificationEmail(signedUp.idToken);
      await emulator.clickVerificationLink(email);
      return { idToken: (await emulator.signIn(email, 'walker password 1')).idToken };
    },
    // A signature of the issued challenge, made with the private half of the person's key.
    'POST /api/key-auth/verify': async (walker) => {
      const email = `walker-key-${++proofCount}-${Date.now()}@example.com`;
      const key = await registerOwnKey(walker, email);
      const issued = await walker.send('POST /api/key-auth/challenge', { email });
      const challenge = pointer(issued?.body, '/data/challenge');
      if (typeof challenge !== 'string') throw new Error('no challenge was issued');
      return { email, signature: signChallenge(challenge, key.privateKey) };
    },
    // The token in the link mailed when a second key is registered for an address.
    'POST /api/key-auth/confirm': async (walker) => {
      const email = `walker-link-${++proofCount}-${Date.now()}@example.com`;
      await registerOwnKey(walker, email);
      await registerOwnKey(walker, email);
      const link = mailbox.list(email)[0]?.link;
      const token = link && new URL(link, 'http://mail.example').searchParams.get('token');
      if (!token) throw new Error('no confirmation link was mailed');
      return { token };
    },
  };

  beforeAll(async () => {
    const service = createFirebaseAuth({
      emulatorHost: inject('authEmulatorHost'),
      projectId: DEMO_PROJECT_ID,
    });
    if (!service) throw new Error('the Auth emulator is not configured');
    firebase = service;
    // A demo server: its mailbox (GET /api/demo/mailbox) exists, as does sign-in by provider.
    t = await createTestApp({ firebase, mailer: mailbox });
    const published = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(published.statusCode).toBe(200);
    const document = (await SwaggerParser.dereference(published.json())) as Schema;
    operations = [];
    for (const [path, item] of Object.entries(document.paths as Record<string, Schema>)) {
      for (const [method, raw] of Object.entries(item)) {
        operations.push({ id: raw.operationId as string, method: method.toUpperCase(), path, raw });
      }
    }
    for (const operation of operations) {
      const links = (operation.raw.responses?.['200']?.links ?? {}) as Record<string, Schema>;
      for (const [name, link] of Object.entries(links)) {
        const list = incoming.get(link.operationId as string) ?? [];
        list.push({
          from: operation.id,
          name,
          parameters: (link.parameters ?? {}) as Record<string, unknown>,
          requestBody: link.requestBody as unknown,
          anotherPerson: link['x-another-person'] === true,
        });
        incoming.set(link.operationId as string, list);
      }
    }
    user = await t.signUp();
  });
  afterAll(async () => {
    await t.close();
    await firebase.close();
  });

  let listening: string | undefined;
  /**
   * An operation that answers a stream of events (docs/live-updates.md), asked for as its 200
   * says, over a real connection closed after the first event: an inject would wait for its end.
   */
  async function openStream(target: string, token: string) {
    if (!listening) {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      listening = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    }
    const abort = new AbortController();
    const response = await fetch(`${listening}${target}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    let body: string;
    if (response.ok && response.body) {
      const first = await response.body.getReader().read();
      body = new TextDecoder().decode(first.value);
      abort.abort();
    } else {
      body = await response.text();
    }
    return { statusCode: response.status, headers: Object.fromEntries(response.headers), body };
  }

  /** Sends one request built from the document, and holds its answer to the document. */
  async function send(
    operation: WalkOperation,
    params: Record<string, unknown>,
    body: unknown,
    as: TestUser,
  ): Promise<Exchange | undefined> {
    const name = `${operation.method} ${operation.path}`;
    const path: Record<string, string> = {};
    const query = new URLSearchParams();
    for (const parameter of (operation.raw.parameters ?? []) as Schema[]) {
      const value = params[parameter.name as string];
      if (value === undefined) continue;
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      if (!judge.validText(parameter.schema as Schema, text)) {
        problems.push(
          `${name}: parameter ${parameter.name as string}=${text} is not valid per the document`,
        );
        return undefined;
      }
      if (parameter.in === 'path') path[parameter.name as string] = text;
      if (parameter.in === 'query') query.append(parameter.name as string, text);
    }
    const schema = bodySchemaOf(operation);
    if (schema && body !== undefined && !judge.valid(schema, body)) {
      problems.push(
        `${name}: body ${JSON.stringify(body).slice(0, 200)} is not valid per the document: ${judge.errorsOf(schema, body)}`,
      );
      return undefined;
    }
    const { token } = await createSession(
      t.database.db,
      as.id,
      'password',
      policy,
      () => new Date(),
    );
    const url = operation.path.replace(/\{(\w+)\}/g, (_, key: string) =>
      encodeURIComponent(path[key] ?? ''),
    );
    const search = query.toString();
    const target = search ? `${url}?${search}` : url;
    const streams = operation.raw.responses?.['200']?.content?.['text/event-stream'] !== undefined;
    const res = streams
      ? await openStream(target, token)
      : await t.app.inject({
          method: operation.method as 'GET',
          url: target,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body !== undefined && { 'content-type': 'application/json' }),
          },
          ...(body !== undefined && { payload: JSON.stringify(body) }),
        });
    const status = res.statusCode;
    const where = `${name} -> ${status}: ${res.body.slice(0, 300)}`;
    reached.set(operation.id, [...(reached.get(operation.id) ?? []), status]);
    if (status >= 300) lastRefusal.set(operation.id, res.body.slice(0, 200));
    const documented = operation.raw.responses?.[String(status)] as Schema | undefined;
    if (!documented) {
      problems.push(`${where} (status not in the document)`);
      return undefined;
    }
    const json = String(res.headers['content-type']).startsWith('application/json');
    const answer: unknown = json ? JSON.parse(res.body) : res.body;
    const answerSchema = documented.content?.['application/json']?.schema as Schema | undefined;
    if (answerSchema && !judge.valid(answerSchema, answer)) {
      problems.push(`${where}: body does not match: ${judge.errorsOf(answerSchema, answer)}`);
    }
    for (const [header, spec] of Object.entries(
      (documented.headers ?? {}) as Record<string, Schema>,
    )) {
      if (spec.required && res.headers[header.toLowerCase()] === undefined) {
        problems.push(`${where}: no ${header} header`);
      }
    }
    return status >= 200 && status < 300
      ? { request: { path, body }, status, body: answer, sender: as }
      : undefined;
  }

  /** What an outside proof may do: send a request the document describes, held to it. */
  function walkerFor(as: TestUser): Parameters<OutsideProof>[0] {
    return {
      send(name, body) {
        const operation = operations.find((o) => `${o.method} ${o.path}` === name);
        if (!operation) throw new Error(`${name} is not in the document`);
        return send(operation, {}, body, as);
      },
    };
  }

  /**
   * The other person of a link marked `x-another-person` (docs/sharing.md): each walker has one
   * partner, and the partner's partner is the walker.
   */
  const partners = new Map<string, TestUser>();
  async function partnerOf(person: TestUser): Promise<TestUser> {
    const known = partners.get(person.id);
    if (known) return known;
    const partner = await t.signUp();
    partners.set(person.id, partner);
    partners.set(partner.id, person);
    return partner;
  }

  /**
   * A 2xx of the operation, reached through its examples and, where it needs them, links. An
   * operation that needs nothing is tried on its examples first, and when they get no 2xx (an
   * invitation token of the example's, leaving one's personal book), through a link that leads
   * to it, with what the link supplies (the book just joined).
   */
  async function reach(
    operation: WalkOperation,
    depth: number,
    as: TestUser,
  ): Promise<Exchange | undefined> {
    const last = `${as.id} ${operation.id}`;
    const needs = neededValues(operation);
    const params: Record<string, unknown> = {};
    for (const parameter of (operation.raw.parameters ?? []) as Schema[]) {
      if (parameter.required)
        params[parameter.name as string] = parameter.example ?? parameter.schema?.example;
    }
    const example = operation.raw.requestBody?.content?.['application/json']?.example as unknown;
    let body: unknown = example === undefined ? undefined : structuredClone(example);
    const proof = OUTSIDE_PROOFS[`${operation.method} ${operation.path}`];
    const finish = async (sender: TestUser) => {
      if (proof)
        body = { ...(body as Record<string, unknown>), ...(await proof(walkerFor(sender))) };
      const exchange = await send(operation, params, body, sender);
      if (exchange) lastSuccess.set(last, exchange);
      return exchange;
    };
    const onExamples = needs.length === 0;
    if (onExamples) {
      const exchange = await finish(as);
      if (exchange) return exchange;
    }
    const open = new Set(needs);
    let sender = as;
    let linked = false;
    if (depth < MAX_DEPTH) {
      for (const link of incoming.get(operation.id) ?? []) {
        if (!onExamples && !supplies(link).some((need) => open.has(need))) continue;
        const from = operations.find((candidate) => candidate.id === link.from);
        const source = from && (await reach(from, depth + 1, as));
        if (!source) continue;
        const parameters = evaluate(link.parameters, source) as Record<string, unknown>;
        const linkBody =
          link.requestBody === undefined ? undefined : evaluate(link.requestBody, source);
        if (hasMissing(parameters) || hasMissing(linkBody)) continue;
        Object.assign(params, parameters);
        if (linkBody !== undefined) body = mergeBody(body, example, link.requestBody, linkBody);
        sender = link.anotherPerson ? await partnerOf(source.sender) : source.sender;
        linked = true;
        for (const need of supplies(link)) open.delete(need);
        if (onExamples || open.size === 0) break;
      }
    }
    if ((onExamples && !linked) || open.size > 0) {
      return depth > 0 ? lastSuccess.get(last) : undefined;
    }
    const exchange = await finish(sender);
    // A source whose example was taken already (a name that must be unique) is used as it was.
    return exchange ?? (depth > 0 ? lastSuccess.get(last) : undefined);
  }

  it(
    'reaches a 2xx on every operation, every answer as documented',
    { timeout: 120_000 },
    async () => {
      for (const operation of operations) {
        // Some operations need a book of their own (a restore goes into an empty one): a client
        // can always start again as a new user.
        if (!(await reach(operation, 0, user))) await reach(operation, 0, await t.signUp());
        const statuses = reached.get(operation.id) ?? [];
        if (statuses.some((status) => status >= 200 && status < 300)) continue;
        problems.push(
          `${operation.method} ${operation.path} (${operation.id}): no 2xx (answers: ${statuses.join(', ') || 'never sent'}) ${lastRefusal.get(operation.id) ?? ''}`,
        );
      }
      expect(problems).toEqual([]);
    },
  );
});
