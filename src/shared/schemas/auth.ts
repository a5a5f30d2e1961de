import { z } from 'zod';
import { envelope } from './common.js';

export const INVALID_EMAIL = 'Please enter a valid email address.';

/** What the server issues as challenges and link tokens: 256 random bits, base64url. */
const SECRET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const CONFIRMATION_TOKEN_MALFORMED =
  'This confirmation link is incomplete: open the whole link from the message.';

/**
 * The email rule the server applies (zod's, after trimming) as a JSON Schema pattern, published
 * instead of `format: email`, which validators read more loosely or more strictly than this.
 */
export const EMAIL_PATTERN = `^\\s*${z.regexes.email.source.slice(1, -1)}\\s*$`;

export const emailSchema = z
  .string({ error: INVALID_EMAIL })
  .trim()
  .max(254, { error: INVALID_EMAIL })
  .pipe(z.email({ error: INVALID_EMAIL }))
  .transform((email) => email.toLowerCase())
  .meta({
    description: 'An email address (surrounding whitespace is trimmed)',
    example: 'someone@example.com',
    pattern: EMAIL_PATTERN,
  });

/**
 * The shared sign-in form rules: a valid email and 8+ character password
 * (docs/sign-in.md#sign-in-form).
 */
export const signInFormSchema = z.object({
  email: z.email({ error: INVALID_EMAIL }),
  password: z
    .string({ error: 'Password is required' })
    .min(8, { error: 'Password must be at least 8 characters' }),
});

const EXAMPLE_PUBLIC_KEY = [
  '-----BEGIN PUBLIC KEY-----',
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAn3q/p+k78+dYO5ahDAwX',
  'WLgOLb6LqFX6N6OTrb6U2aAtqQx1XdIByT4rrh7etQrTZ/7Diq9WHWrXdspdge+i',
  'RO5tPpSX486pMzVB1qPv3YNnvbcu9xE1eLShXwq9Dy42hm18P7eNzstenj0KYblE',
  'UR+fkzB6hSCSqZXgEnqizdiPQtnHKu+JKKbyB8nQ4CLDHurnGjPPIlfk6v/CZQh2',
  'f5NuQgYVHOuyGG/Cy5Tc+IzOF11qztBD4mqwYBvVm+5KMe5q1zQht7PDBMColldq',
  'p25/vXw4QcVmYLHy6YzNkjQ82962k779o646HEQbThOfhNhfFZUNHjhehIN5OjC0',
  'eQIDAQAB',
  '-----END PUBLIC KEY-----',
].join('\n');

export const keyRegisterInput = z.object({
  email: emailSchema,
  publicKey: z
    .string({ error: 'Public key is required' })
    .min(1, { error: 'Public key is required' })
    .max(16_384, { error: 'Public key is too long' })
    .meta({
      description: 'RSA public key, SPKI PEM: one block, 2048 to 4096 bits, public exponent 65537',
      // A real 2048-bit public key (its private half was thrown away): the document's example
      // registers, so a client reading only the document reaches this step.
      example: EXAMPLE_PUBLIC_KEY,
    }),
});

export const keyChallengeInput = z.object({ email: emailSchema });

export const keyVerifyInput = z.object({
  email: emailSchema,
  signature: z
    .string({ error: 'Signature is required' })
    .min(1, { error: 'Signature is required' })
    .max(4096, { error: 'Signature is too long' })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'Signature must be base64' })
    .meta({
      description: 'base64 RSA-PSS signature (SHA-256, salt length 32) over the UTF-8 challenge',
    }),
  challenge: z
    .string({ error: 'Challenge must be text' })
    .regex(SECRET_TOKEN_PATTERN, { error: 'Challenge must be one the server issued' })
    .optional()
    .meta({
      description:
        'The challenge that was signed, as issued. Optional: without it every open challenge of ' +
        'the email is tried.',
    }),
});

/** The token of a key-login confirmation link (the `token` query parameter of its page). */
export const keyConfirmInput = z.object({
  token: z
    .string({ error: 'Confirmation token is required' })
    .regex(SECRET_TOKEN_PATTERN, { error: CONFIRMATION_TOKEN_MALFORMED })
    .meta({ description: 'The token of the link sent to the email' }),
});

export const keyConfirmOutput = envelope(
  z.object({ email: z.string().meta({ description: 'The email the confirmed key signs in for' }) }),
);

export const challengeOutput = envelope(
  z.object({
    challenge: z.string().meta({ description: '256 random bits, valid 5 minutes, usable once' }),
  }),
);

export const tokenOutput = envelope(
  z.object({ token: z.string().meta({ description: 'Session token for Authorization: Bearer' }) }),
);

export const SIGN_IN_METHODS = ['password', 'google', 'github', 'key'] as const;

export const meOutput = envelope(
  z.object({ id: z.string(), email: z.string(), method: z.enum(SIGN_IN_METHODS) }),
);

export const firebaseExchangeInput = z.object({
  idToken: z
    .string({ error: 'idToken is required' })
    .trim()
    .min(1, { error: 'idToken is required' })
    .max(8192, { error: 'idToken is too long' })
    .meta({ description: 'A Firebase ID token from the client SDK' }),
});

export const DEMO_CREDENTIALS = {
  email: 'demo@expense-tracker.test',
  password: 'demo-password',
} as const;

export const appConfigOutput = envelope(
  z.object({
    demo: z.boolean().meta({ description: 'True when sign-in runs on the local Auth emulator' }),
    firebase: z
      .object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string() })
      .nullable()
      .meta({ description: 'Firebase web config; null when Firebase sign-in is off' }),
    authEmulatorUrl: z.string().nullable(),
    demoCredentials: z.object({ email: z.string(), password: z.string() }).nullable(),
  }),
);
export type AppConfig = z.infer<typeof appConfigOutput>['data'];

export const mailboxInput = z.object({
  email: z.string().max(254).optional().meta({ description: 'Only messages to this address' }),
});

export const mailboxOutput = envelope(
  z.array(
    z.object({
      email: z.string(),
      requestType: z.string(),
      link: z.string().meta({ description: 'Open it to act on the message (e.g. verify)' }),
    }),
  ),
);
