import {
  constants,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  type KeyObject,
} from 'node:crypto';

/** An RSA key pair as the browser makes one: the public half as SPKI PEM, the private as a key. */
export function rsaKeyPair(modulusLength = 2048) {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength,
    publicExponent: 65537,
  });
  return {
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    privateKey,
  };
}

/** What the browser does with WebCrypto: RSA-PSS, SHA-256, salt 32, over the UTF-8 challenge. */
export function signChallenge(challenge: string, privateKey: KeyObject): string {
  return sign('sha256', Buffer.from(challenge, 'utf8'), {
    key: privateKey,
    padding: constants.RSA_PKCS1_PSS_PADDING,
    saltLength: 32,
  }).toString('base64');
}

function base64urlOf(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  return Buffer.from(hex, 'hex').toString('base64url');
}

/** The modulus of an SPKI PEM RSA key, as a number. */
export function rsaModulusOf(publicPem: string): bigint {
  const { n } = createPublicKey(publicPem).export({ format: 'jwk' });
  return BigInt(`0x${Buffer.from(n ?? '', 'base64url').toString('hex')}`);
}

/**
 * An SPKI PEM RSA public key with any modulus and exponent: the odd keys a careless or hostile
 * client could send (e = 1, a huge e, an even modulus), which no key generator makes.
 */
export function rsaPublicPemOf(modulus: bigint, exponent: bigint): string {
  return createPublicKey({
    key: { kty: 'RSA', n: base64urlOf(modulus), e: base64urlOf(exponent) },
    format: 'jwk',
  })
    .export({ type: 'spki', format: 'pem' })
    .toString();
}

/** A random odd number of exactly `bits` bits: a modulus of that size for rsaPublicPemOf. */
export function oddNumberOfBits(bits: number): bigint {
  const random = BigInt(`0x${randomBytes(bits / 8).toString('hex')}`);
  return random | (1n << BigInt(bits - 1)) | 1n;
}
