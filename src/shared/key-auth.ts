/**
 * The key pair of key-based login (docs/sign-in.md#key-based-login): the browser makes it and
 * signs with it, the server checks the signatures. Both sides read these values from here.
 */
export const RSA_MODULUS_BITS = 2048;
export const RSA_PUBLIC_EXPONENT = 65537;
/** RSA-PSS over SHA-256 with a 32-byte salt: what the browser signs with and the server expects. */
export const SIGNATURE_HASH = 'SHA-256';
export const PSS_SALT_LENGTH = 32;
