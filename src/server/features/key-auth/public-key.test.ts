import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  oddNumberOfBits,
  rsaKeyPair,
  rsaModulusOf,
  rsaPublicPemOf,
} from '../../../../tests/helpers/rsa-keys.js';
import { parseRsaPublicKey, storedRsaPublicKey } from './public-key.js';

const good = rsaKeyPair(2048).publicPem;
const modulus = rsaModulusOf(good);

/** The key's message when parseRsaPublicKey refuses it, or 'accepted'. */
function verdict(pem: string): string {
  try {
    parseRsaPublicKey(pem);
    return 'accepted';
  } catch (error) {
    return (error as Error).message;
  }
}

/** The PEM armour around DER bytes, 64 characters a line as OpenSSL writes it. */
function armour(der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN PUBLIC KEY-----\n${lines.join('\n')}\n-----END PUBLIC KEY-----\n`;
}

function derOf(pem: string): Buffer {
  return Buffer.from(pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s/g, ''), 'base64');
}

describe('parseRsaPublicKey', () => {
  it('accepts what browsers make: 2048 to 4096 bits, e = 65537, CRLF or LF, spaces around', () => {
    expect(verdict(good)).toBe('accepted');
    expect(verdict(rsaKeyPair(3072).publicPem)).toBe('accepted');
    expect(verdict(rsaPublicPemOf(oddNumberOfBits(4096), 65537n))).toBe('accepted');
    expect(verdict(good.replace(/\n/g, '\r\n'))).toBe('accepted');
    expect(verdict(`\n  ${good}  \n`)).toBe('accepted');
    expect(parseRsaPublicKey(good).asymmetricKeyDetails?.modulusLength).toBe(2048);
  });

  it.each([
    ['e = 1 (signatures forgeable)', 1n],
    ['e = 2', 2n],
    ['e = 3', 3n],
    ['e = n - 2 (each verification ~36 ms)', modulus - 2n],
    ['e = 65539', 65539n],
  ])('refuses %s', (_label, exponent) => {
    expect(verdict(rsaPublicPemOf(modulus, exponent))).toBe('RSA public exponent must be 65537');
  });

  it('refuses an even modulus', () => {
    expect(verdict(rsaPublicPemOf(modulus + 1n, 65537n))).toBe('RSA modulus must be odd');
  });

  it('refuses moduli outside 2048 to 4096 bits', () => {
    expect(verdict(rsaPublicPemOf(oddNumberOfBits(1024), 65537n))).toBe(
      'RSA key must be at least 2048 bits',
    );
    expect(verdict(rsaPublicPemOf(oddNumberOfBits(2040), 65537n))).toBe(
      'RSA key must be at least 2048 bits',
    );
    expect(verdict(rsaPublicPemOf(oddNumberOfBits(4104), 65537n))).toBe(
      'RSA key must be at most 4096 bits',
    );
    expect(verdict(rsaPublicPemOf(oddNumberOfBits(8192), 65537n))).toBe(
      'RSA key must be at most 4096 bits',
    );
  });

  it('refuses two PEM blocks, whatever the second one is', () => {
    const other = rsaKeyPair(2048).publicPem;
    expect(verdict(`${good}${other}`)).toBe('Public key must be exactly one PEM block; found 2');
    expect(verdict(`${good}\n${rsaPublicPemOf(modulus, 1n)}`)).toBe(
      'Public key must be exactly one PEM block; found 2',
    );
    const privatePem = rsaKeyPair(2048).privatePem;
    expect(verdict(`${good}${privatePem}`)).toBe(
      'Public key must be exactly one PEM block; found 2',
    );
  });

  it('refuses text around the block and bytes after the key inside it', () => {
    const spki = 'Public key must be a PEM-encoded SPKI key (-----BEGIN PUBLIC KEY-----)';
    expect(verdict(`${good}trailing garbage`)).toBe(spki);
    expect(verdict(`comment\n${good}`)).toBe(spki);
    expect(verdict(good.replace(/PUBLIC KEY/g, 'RSA PUBLIC KEY'))).toBe(spki);
    expect(verdict(armour(Buffer.concat([derOf(good), Buffer.from([0, 0, 0, 0])])))).toBe(
      'Public key is not a valid PEM-encoded key',
    );
    expect(verdict('-----BEGIN PUBLIC KEY-----\nQUFBQUFB\n-----END PUBLIC KEY-----')).toBe(
      'Public key is not a valid PEM-encoded key',
    );
  });

  it('refuses keys that are not RSA', () => {
    for (const type of ['ec', 'ed25519', 'rsa-pss'] as const) {
      const { publicKey } =
        type === 'ec'
          ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
          : type === 'ed25519'
            ? generateKeyPairSync('ed25519')
            : generateKeyPairSync('rsa-pss', { modulusLength: 2048 });
      const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
      expect(verdict(pem), type).toBe('Public key must be an RSA key');
    }
  });
});

describe('storedRsaPublicKey', () => {
  it('gives the key back when it passes, null for one stored before the rules', () => {
    expect(storedRsaPublicKey(good)?.asymmetricKeyType).toBe('rsa');
    expect(storedRsaPublicKey(rsaPublicPemOf(modulus, 1n))).toBeNull();
    expect(storedRsaPublicKey(`${good}${good}`)).toBeNull();
  });
});
