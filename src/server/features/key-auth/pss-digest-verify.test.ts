import { constants, createHash, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyPssDigest } from './pss-digest-verify.js';

const pss = { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 };
const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

describe('verifyPssDigest', () => {
  // 2049 bits exercises the case where the encoded message is shorter than the modulus.
  describe.each([2048, 2049, 3072])('with a %i-bit key', (modulusLength) => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength,
      publicExponent: 65537,
    });
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });

    it('accepts what node:crypto signs, many times over (random salts)', () => {
      for (let i = 0; i < 20; i++) {
        const message = `challenge-${i}-${Math.random()}`;
        const signature = sign('sha256', Buffer.from(message), { key: privateKey, ...pss });
        expect(verifyPssDigest(publicKey, digest(message), signature, 32)).toBe(true);
      }
    });

    it('refuses another message, another key, another salt length or a flipped bit', () => {
      const signature = sign('sha256', Buffer.from('hello'), { key: privateKey, ...pss });
      expect(verifyPssDigest(publicKey, digest('hellO'), signature, 32)).toBe(false);
      expect(verifyPssDigest(other.publicKey, digest('hello'), Buffer.from(signature), 32)).toBe(
        false,
      );
      expect(verifyPssDigest(publicKey, digest('hello'), signature, 20)).toBe(false);
      for (const index of [0, 17, signature.length - 1]) {
        const flipped = Buffer.from(signature);
        flipped.writeUInt8(flipped.readUInt8(index) ^ 0x01, index);
        expect(verifyPssDigest(publicKey, digest('hello'), flipped, 32)).toBe(false);
      }
      const shortSalt = sign('sha256', Buffer.from('hello'), {
        key: privateKey,
        ...pss,
        saltLength: 0,
      });
      expect(verifyPssDigest(publicKey, digest('hello'), shortSalt, 32)).toBe(false);
    });

    it('refuses PKCS#1 v1.5 signatures and junk of any length', () => {
      const v15 = sign('sha256', Buffer.from('hello'), privateKey);
      expect(verifyPssDigest(publicKey, digest('hello'), v15, 32)).toBe(false);
      expect(verifyPssDigest(publicKey, digest('hello'), Buffer.alloc(0), 32)).toBe(false);
      expect(
        verifyPssDigest(
          publicKey,
          digest('hello'),
          Buffer.alloc(Math.ceil(modulusLength / 8), 0xff),
          32,
        ),
      ).toBe(false);
      expect(
        verifyPssDigest(
          publicKey,
          digest('hello'),
          Buffer.alloc(Math.ceil(modulusLength / 8), 0),
          32,
        ),
      ).toBe(false);
    });
  });

  it('refuses keys that are not RSA', () => {
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    expect(verifyPssDigest(publicKey, digest('x'), Buffer.alloc(256), 32)).toBe(false);
  });
});
