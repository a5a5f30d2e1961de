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
  const modulusBits = publicKey.asymmetricKeyDetails?.modulusLength;
  if (publicKey.asymmetricKeyType !== 'rsa' || !modulusBits) return false;
  const k = Math.ceil(modulusBits / 8);
  if (signature.length !== k || messageDigest.length !== HASH_LEN) return false;

  let decrypted: Buffer;
  try {
    // RSAVP1: s^e mod n, with no padding removed.
    decrypted = publicDecrypt({ key: publicKey, padding: constants.RSA_NO_PADDING }, signature);
  } catch {
    return false; // signature representative out of range
  }
  const emBits = modulusBits - 1;
  const emLen = Math.ceil(emBits / 8);
  if (decrypted.length < emLen) return false;
  const leading = decrypted.subarray(0, decrypted.length - emLen);
  if (leading.some((byte) => byte !== 0)) return false;
  const em = decrypted.subarray(decrypted.length - emLen);

  if (emLen < HASH_LEN + saltLength + 2) return false;
  if (em[emLen - 1] !== 0xbc) return false;
  const maskedDb = em.subarray(0, emLen - HASH_LEN - 1);
  const h = em.subarray(emLen - HASH_LEN - 1, emLen - 1);
  const unusedBits = 8 * emLen - emBits;
  const topMask = 0xff >> unusedBits;
  if ((maskedDb.readUInt8(0) & ~topMask) !== 0) return false;

  const mask = mgf1(h, maskedDb.length);
  const db = Buffer.alloc(maskedDb.length);
  for (let i = 0; i < db.length; i++) db.writeUInt8(mask.readUInt8(i) ^ maskedDb.readUInt8(i), i);
  db.writeUInt8(db.readUInt8(0) & topMask, 0);
  const padLength = emLen - HASH_LEN - saltLength - 2;
  for (let i = 0; i < padLength; i++) if (db[i] !== 0) return false;
  if (db[padLength] !== 0x01) return false;
  const salt = db.subarray(db.length - saltLength);

  const expected = sha256(Buffer.alloc(8), messageDigest, salt);
  return timingSafeEqual(expected, h);
}
