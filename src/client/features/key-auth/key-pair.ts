import { openDB, type IDBPDatabase } from 'idb';
import {
  PSS_SALT_LENGTH,
  RSA_MODULUS_BITS,
  RSA_PUBLIC_EXPONENT,
  SIGNATURE_HASH,
} from '../../../shared/key-auth.js';

/** A public exponent as WebCrypto takes it: big-endian bytes (65537 -> 01 00 01). */
function exponentBytes(exponent: number): Uint8Array<ArrayBuffer> {
  const bytes: number[] = [];
  for (let rest = exponent; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return new Uint8Array(bytes);
}

/** One record per email: the public key as SPKI PEM and the private key as a CryptoKey. */
export interface StoredKeyPair {
  email: string;
  publicKey: string;
  /** Non-extractable: script on the page can sign with it but never read it out. */
  privateKey: CryptoKey;
  /**
   * The key this browser held for the email before registering this one. A key registered for an
   * email that already had one signs in only once the link sent to the email is opened
   * (docs/sign-in.md#key-based-login), so the old one is kept to sign in meanwhile.
   */
  previous?: { publicKey: string; privateKey: CryptoKey };
}

const ALGORITHM: RsaHashedKeyGenParams = {
  name: 'RSA-PSS',
  modulusLength: RSA_MODULUS_BITS,
  publicExponent: exponentBytes(RSA_PUBLIC_EXPONENT),
  hash: SIGNATURE_HASH,
};

let dbPromise: Promise<IDBPDatabase> | null = null;
function keyDb(): Promise<IDBPDatabase> {
  dbPromise ??= openDB('expense-tracker-keys', 1, {
    upgrade(db) {
      db.createObjectStore('key-pairs', { keyPath: 'email' });
    },
  });
  return dbPromise;
}

function toPem(spki: ArrayBuffer): string {
  const base64 = btoa(String.fromCharCode(...new Uint8Array(spki)));
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN PUBLIC KEY-----\n${lines.join('\n')}\n-----END PUBLIC KEY-----\n`;
}

/** Makes an RSA-PSS 2048-bit key pair whose private half can never leave the browser. */
export async function generateKeyPair(email: string): Promise<StoredKeyPair> {
  const pair = await crypto.subtle.generateKey(ALGORITHM, false, ['sign', 'verify']);
  const publicKey = toPem(await crypto.subtle.exportKey('spki', pair.publicKey));
  return { email, publicKey, privateKey: pair.privateKey };
}

export async function saveKeyPair(record: StoredKeyPair): Promise<void> {
  await (await keyDb()).put('key-pairs', record);
}

export async function loadKeyPair(email: string): Promise<StoredKeyPair | undefined> {
  return (await (await keyDb()).get('key-pairs', email)) as StoredKeyPair | undefined;
}

/** base64 RSA-PSS (SHA-256, salt 32) signature over the UTF-8 bytes of the challenge. */
export async function signChallenge(privateKey: CryptoKey, challenge: string): Promise<string> {
  const signature = await crypto.subtle.sign(
    { name: 'RSA-PSS', saltLength: PSS_SALT_LENGTH },
    privateKey,
    new TextEncoder().encode(challenge),
  );
  return btoa(String.fromCharCode(...new Uint8Array(signature)));
}
