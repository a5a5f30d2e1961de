import { constants, createHash, publicDecrypt, timingSafeEqual, type KeyObject } from 'node:crypto';

const HASH_LEN = 32; // SHA-256

function sha256(...parts: Buffer[]): Buffer {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
}

/** MGF1 with SHA-256 (RFC 8017 B.2.1). */
function mgf1(seed: Buffer, length: number): Buffer {
  const blocks: Buffer[] = [];
  for (let counter = 0; blocks.length * HASH_LEN < length; counter++) {
    const c = Buffer.alloc(4);
    c.writeUInt32BE(counter);
    blocks.push(sha256(seed, c));
  }
  return Buffer.concat(blocks).subarray(0, length);
}

/** What EMSA-PSS decoding of a signature yields: the hash H it carries and its salt. */
export interface RecoveredPss {
  hash: Buffer;
  salt: Buffer;
}

/**
 * Opens an RSA-PSS (SHA-256, MGF1-SHA-256) signature with the public key and decodes it: the
 * public-key operation and EMSA-PSS-VERIFY of RFC 8017 section 9.1.2 up to step 12, which do not
 * depend on the message. Null when it is no PSS encoding under this key. The one RSA operation of
 * a verification happens here; checking the result against a message digest is cheap
 * (pssDigestMatches), so one signature can be tried against many stored digests.
 */
export function recoverPss(
  publicKey: KeyObject,
  signature: Buffer,
  saltLength: number,
): RecoveredPss | null {
  const modulusBits = publicKey.asymmetricKeyDetails?.modulusLength;
  if (publicKey.asymmetricKeyType !== 'rsa' || !modulusBits) return null;
  const k = Math.ceil(modulusBits / 8);
  if (signature.length !== k) return null;
  let decrypted: Buffer;
  try {
    // RSAVP1: s^e mod n, with no padding removed.
    decrypted = publicDecrypt({ key: publicKey, padding: constants.RSA_NO_PADDING }, signature);
  } catch {
    return null; // signature representative out of range
  }
  const emBits = modulusBits - 1;
  const emLen = Math.ceil(emBits / 8);
  if (decrypted.length < emLen) return null;
  const leading = decrypted.subarray(0, decrypted.length - emLen);
  if (leading.some((byte) => byte !== 0)) return null;
  const em = decrypted.subarray(decrypted.length - emLen);
  if (emLen < HASH_LEN + saltLength + 2) return null;
  if (em[emLen - 1] !== 0xbc) return null;
  const maskedDb = em.subarray(0, emLen - HASH_LEN - 1);
  const h = em.subarray(emLen - HASH_LEN - 1, emLen - 1);
  const unusedBits = 8 * emLen - emBits;
  const topMask = 0xff >> unusedBits;
  if ((maskedDb.readUInt8(0) & ~topMask) !== 0) return null;
  const mask = mgf1(h, maskedDb.length);
  const db = Buffer.alloc(maskedDb.length);
  for (let i = 0; i < db.length; i++) db.writeUInt8(mask.readUInt8(i) ^ maskedDb.readUInt8(i), i);
  db.writeUInt8(db.readUInt8(0) & topMask, 0);
  const padLength = emLen - HASH_LEN - saltLength - 2;
  for (let i = 0; i < padLength; i++) if (db[i] !== 0) return null;
  if (db[padLength] !== 0x01) return null;
  return { hash: Buffer.from(h), salt: Buffer.from(db.subarray(db.length - saltLength)) };
}

/** Steps 12 to 14 of EMSA-PSS-VERIFY: whether a decoded signature was made over this digest. */
export function pssDigestMatches(recovered: RecoveredPss, messageDigest: Buffer): boolean {
  if (messageDigest.length !== HASH_LEN) return false;
  const expected = sha256(Buffer.alloc(8), messageDigest, recovered.salt);
  return timingSafeEqual(expected, recovered.hash);
}

/**
 * Verifies an RSA-PSS (SHA-256, MGF1-SHA-256) signature given only the SHA-256 digest of the
 * message: EMSA-PSS-VERIFY of RFC 8017 section 9.1.2. This lets the server keep challenges
 * hashed and still check signatures over them; node:crypto only verifies whole messages.
 */
export function verifyPssDigest(
  publicKey: KeyObject,
  messageDigest: Buffer,
  signature: Buffer,
  saltLength: number,
): boolean {
  if (messageDigest.length !== HASH_LEN) return false;
  const recovered = recoverPss(publicKey, signature, saltLength);
  return recovered !== null && pssDigestMatches(recovered, messageDigest);
}
