import { constants, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

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
