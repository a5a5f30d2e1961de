import { createPublicKey, type KeyObject } from 'node:crypto';
import { AppError } from '../../lib/app-error.js';

export const MIN_RSA_BITS = 2048;
export const MAX_RSA_BITS = 4096;
/** The only public exponent accepted: what every browser and library generates. */
export const RSA_PUBLIC_EXPONENT = 65537n;

/**
 * One SPKI PEM block and nothing else: the armour lines, base64 lines between them, surrounding
 * whitespace. Node's own PEM reader would take the first of several blocks and skip text around
 * it, so the block is checked here and decoded by hand.
 */
const SPKI_PEM = /^-----BEGIN PUBLIC KEY-----\r?\n([^-]*?)\r?\n-----END PUBLIC KEY-----$/;
const BASE64_LINES = /^[A-Za-z0-9+/]+(?:\r?\n[A-Za-z0-9+/]+)*={0,2}$/;
const PEM_BEGIN = /-----BEGIN [^-\r\n]*-----/g;

function refuse(message: string): never {
  throw new AppError('VALIDATION_ERROR', message);
}

/** The last byte of the modulus, read from the key's JWK form (n is big-endian base64url). */
function modulusIsOdd(key: KeyObject): boolean {
  const { n } = key.export({ format: 'jwk' });
  const last = Buffer.from(n ?? '', 'base64url').at(-1);
  return last !== undefined && (last & 1) === 1;
}

/**
 * Parses an RSA public key as key login takes it, refusing anything else with a clear message:
 * exactly one SPKI PEM block, an RSA key, an odd modulus of 2048 to 4096 bits and the public
 * exponent 65537. Odd exponents (e = 1 makes signatures forgeable, a huge e makes every
 * verification slow) and odd-sized moduli have no legitimate use here (docs/security-hardening.md).
 */
export function parseRsaPublicKey(pem: string): KeyObject {
  const text = pem.trim();
  const blocks = text.match(PEM_BEGIN)?.length ?? 0;
  if (blocks > 1) {
    refuse(`Public key must be exactly one PEM block; found ${blocks}`);
  }
  const match = SPKI_PEM.exec(text);
  if (!match) {
    refuse('Public key must be a PEM-encoded SPKI key (-----BEGIN PUBLIC KEY-----)');
  }
  const body = match[1] ?? '';
  if (!BASE64_LINES.test(body)) {
    refuse('Public key is not a valid PEM-encoded key');
  }
  const der = Buffer.from(body.replace(/\s/g, ''), 'base64');
  let key: KeyObject;
  try {
    key = createPublicKey({ key: der, format: 'der', type: 'spki' });
  } catch {
    refuse('Public key is not a valid PEM-encoded key');
  }
  // A DER reader may stop at the end of the key and ignore bytes after it: the block must hold
  // the key and nothing more.
  if (!key.export({ type: 'spki', format: 'der' }).equals(der)) {
    refuse('Public key is not a valid PEM-encoded key');
  }
  if (key.asymmetricKeyType !== 'rsa') {
    refuse('Public key must be an RSA key');
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MIN_RSA_BITS) {
    refuse(`RSA key must be at least ${MIN_RSA_BITS} bits`);
  }
  if (bits > MAX_RSA_BITS) {
    refuse(`RSA key must be at most ${MAX_RSA_BITS} bits`);
  }
  if (key.asymmetricKeyDetails?.publicExponent !== RSA_PUBLIC_EXPONENT) {
    refuse(`RSA public exponent must be ${RSA_PUBLIC_EXPONENT}`);
  }
  if (!modulusIsOdd(key)) {
    refuse('RSA modulus must be odd');
  }
  return key;
}

/**
 * A key stored at registration, checked again before it verifies anything: one registered before
 * these rules (an exponent of 1, say) must not sign anyone in. Null when it fails them.
 */
export function storedRsaPublicKey(pem: string): KeyObject | null {
  try {
    return parseRsaPublicKey(pem);
  } catch {
    return null;
  }
}
