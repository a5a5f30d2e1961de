import type { Auth } from 'firebase-admin/auth';
import { DEMO_CREDENTIALS } from '../../../shared/schemas/auth.js';

/** Demo mode's ready-made, verified account, so the prefilled login form just works. */
export async function ensureDemoUser(auth: Auth): Promise<void> {
  try {
    await auth.getUserByEmail(DEMO_CREDENTIALS.email);
  } catch {
    await auth.createUser({ ...DEMO_CREDENTIALS, emailVerified: true, displayName: 'Demo User' });
  }
}
