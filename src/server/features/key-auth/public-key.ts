import { createPublicKey, type KeyObject } from 'node:crypto';
import { AppError } from '../../trpc/app-error.js';

export const MIN_RSA_BITS = 2048;
export const MAX_RSA_BITS = 8192;

/** Parses an SPKI PEM RSA public key, refusing anything weaker or stranger with a clear message. */
export function parseRsaPublicKey(pem: string): KeyObject {
  if (!/^-----BEGIN PUBLIC KEY-----\s[\s\S]+\s-----END PUBLIC KEY-----\s*$/.test(pem.trim())) {
    throw new AppError(
      'VALIDATION_ERROR',
      'Public key must be a PEM-encoded SPKI key (-----BEGIN PUBLIC KEY-----)',
    );
  }
  let key: KeyObject;
  try {
    key = createPublicKey({ key: pem, format: 'pem' });
  } catch {
    throw new AppError('VALIDATION_ERROR', 'Public key is not a valid PEM-encoded key');
  }
  if (key.asymmetricKeyType !== 'rsa') {
    throw new AppError('VALIDATION_ERROR', 'Public key must be an RSA key');
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MIN_RSA_BITS) {
    throw new AppError('VALIDATION_ERROR', `RSA key must be at least ${MIN_RSA_BITS} bits`);
  }
  if (bits > MAX_RSA_BITS) {
    throw new AppError('VALIDATION_ERROR', `RSA key must be at most ${MAX_RSA_BITS} bits`);
  }
  return key;
}
