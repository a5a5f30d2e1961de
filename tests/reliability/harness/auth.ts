import { rsaKeyPair, signChallenge } from '../../helpers/rsa-keys.js';
import { dataOf, type ApiClient, type HttpAnswer } from './client.js';

export interface Session {
  email: string;
  token: string;
  userId: string;
}

function expectOk(step: string, answer: HttpAnswer): void {
  if (answer.status !== 200) {
    throw new Error(
      `Key sign-in failed at ${step}: ${answer.status ?? answer.error} ${answer.bodyText.slice(0, 300)}`,
    );
  }
}

/**
 * Signs a fresh user in the way the browser's key-based login does, over HTTP only: register an
 * RSA public key, ask for a challenge, sign it with RSA-PSS (SHA-256, salt 32), verify.
 */
export async function signInWithNewKey(api: ApiClient, email: string): Promise<Session> {
  const { publicPem, privateKey } = rsaKeyPair();

  const registered = await api.request('POST', '/api/key-auth/register', {
    body: { email, publicKey: publicPem },
  });
  expectOk('register', registered);

  const challenged = await api.request('POST', '/api/key-auth/challenge', { body: { email } });
  expectOk('challenge', challenged);
  const challenge = dataOf<{ challenge: string }>(challenged)?.challenge;
  if (!challenge) throw new Error('Key sign-in failed: the challenge answer has no challenge');

  const signature = signChallenge(challenge, privateKey);
  const verified = await api.request('POST', '/api/key-auth/verify', {
    body: { email, signature },
  });
  expectOk('verify', verified);
  const token = dataOf<{ token: string }>(verified)?.token;
  if (!token) throw new Error('Key sign-in failed: the verify answer has no token');

  const me = await api.request('GET', '/api/auth/me', { token });
  expectOk('me', me);
  const userId = dataOf<{ id: string }>(me)?.id;
  if (!userId) throw new Error('Key sign-in failed: /api/auth/me has no user id');
  return { email, token, userId };
}
