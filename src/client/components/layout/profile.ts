import type { SIGN_IN_METHODS } from '../../../shared/schemas/auth.js';

export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** The signed-in person as the profile menu shows them. */
export interface SignedInProfile {
  email: string;
  method: SignInMethod;
}

const METHOD_LABELS: Record<SignInMethod, string> = {
  password: 'Signed in with email and password',
  google: 'Signed in with Google',
  github: 'Signed in with Github',
  key: 'Signed in with a key on this device',
};

export function signInMethodLabel(method: SignInMethod): string {
  return METHOD_LABELS[method];
}

/** The avatar's letter: the first letter or digit of the email address. */
export function initialOf(email: string | undefined): string {
  return /[a-z0-9]/i.exec(email ?? '')?.[0]?.toUpperCase() ?? '?';
}
