import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { AuthEmulatorClient } from '../../helpers/firebase-emulator-client.js';
import { baseUrl } from './browser.js';

let counter = 0;

export function emulator(): AuthEmulatorClient {
  return new AuthEmulatorClient(inject('e2eAuthEmulatorHost'));
}

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${++counter}@example.com`;
}

/**
 * A verified person with a live session, made through the same Firebase and server calls the
 * browser makes, for journeys whose subject is not signing in. `server` is the app to sign in
 * to (the shared one unless a journey runs its own).
 */
export async function signedInUser(
  label = 'user',
  server = baseUrl(),
): Promise<{ email: string; password: string; token: string }> {
  const email = uniqueEmail(label);
  const password = 'correct horse battery';
  const client = emulator();
  const { idToken } = await client.signUp(email, password);
  await client.sendVerificationEmail(idToken);
  await client.clickVerificationLink(email);
  const fresh = await client.signIn(email, password);
  const res = await fetch(`${server}/api/auth/firebase`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ idToken: fresh.idToken }).toString(),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  if (!body.data?.token) throw new Error(`sign-in failed: ${res.status}`);
  return { email, password, token: body.data.token };
}

/** Calls the REST API as a user (to set up or check state around a journey). */
export async function api<T>(
  token: string,
  method: string,
  pathname: string,
  body?: object,
  server = baseUrl(),
): Promise<T> {
  const res = await fetch(`${server}${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body && { 'content-type': 'application/json' }),
    },
    ...(body && { body: JSON.stringify(body) }),
  });
  return (await res.json()) as T;
}

/**
 * A REST call that must succeed, with an Idempotency-Key: the envelope's data, or a thrown error
 * naming the refusal. For setting a scene; `api` is for reading answers whatever they are.
 */
export async function apiData<T>(
  token: string,
  method: string,
  pathname: string,
  body?: object,
): Promise<T> {
  const res = await fetch(`${baseUrl()}${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'idempotency-key': randomUUID(),
      ...(body && { 'content-type': 'application/json' }),
    },
    ...(body && { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { data: T; message?: string };
  if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${json.message}`);
  return json.data;
}

export interface SeededAccount {
  id: string;
  title: string;
}

/**
 * The data set of the screen checks: a $999,999,999.99 account (left at that balance), one with a 100-character title
 * without spaces, a small one, and expenses with and without an account (one with a long
 * description), so figures, titles and tables are tried at their largest.
 */
export async function seedRichData(token: string, server = baseUrl()) {
  const create = async (title: string, description: string) =>
    (
      await api<{ data: SeededAccount }>(
        token,
        'POST',
        '/api/account',
        { title, description },
        server,
      )
    ).data;
  const small = await create('Wallet', 'Cash for the week');
  const longTitle = `Holiday${'-savings'.repeat(12)}`.slice(0, 100);
  const long = await create(longTitle, 'A title as long as the server allows, with no spaces.');
  const big = await create('Everyday', 'Salary and bills');
  await api(token, 'POST', `/api/account/${big.id}/deposit`, { amount: 999_999_999.99 }, server);
  await api(token, 'POST', `/api/account/${small.id}/deposit`, { amount: 250 }, server);
  await api(token, 'POST', `/api/account/${long.id}/deposit`, { amount: 1200.5 }, server);
  await api(
    token,
    'POST',
    '/api/expenses/expense',
    { amount: 4.5, description: 'Coffee', accountId: small.id },
    server,
  );
  await api(
    token,
    'POST',
    '/api/expenses/expense',
    {
      amount: 123.45,
      description:
        'Annual insurance for the car, the flat and the bicycle, paid in one go this year',
      accountId: long.id,
    },
    server,
  );
  await api(token, 'POST', '/api/expenses/expense', { amount: 12, description: 'Lunch' }, server);
  return { small, long, big };
}

/** The id of the book's category with this name, read through the API. */
export async function categoryIdNamed(token: string, name: string): Promise<string> {
  const { data } = await api<{
    data: { categories: { id: string; name: string }[] }[];
  }>(token, 'GET', '/api/categories');
  const found = data.flatMap((group) => group.categories).find((c) => c.name === name);
  if (!found) throw new Error(`No category ${name}`);
  return found.id;
}
