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
 * browser makes, for journeys whose subject is not signing in.
 */
export async function signedInUser(
  label = 'user',
): Promise<{ email: string; password: string; token: string }> {
  const email = uniqueEmail(label);
  const password = 'correct horse battery';
  const client = emulator();
  const { idToken } = await client.signUp(email, password);
  await client.sendVerificationEmail(idToken);
  await client.clickVerificationLink(email);
  const fresh = await client.signIn(email, password);
  const res = await fetch(`${baseUrl()}/api/auth/firebase`, {
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
): Promise<T> {
  const res = await fetch(`${baseUrl()}${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body && { 'content-type': 'application/json' }),
    },
    ...(body && { body: JSON.stringify(body) }),
  });
  return (await res.json()) as T;
}
