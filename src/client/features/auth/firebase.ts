import type { Auth } from 'firebase/auth';
import type { AppConfig } from '../../../shared/schemas/auth.js';

let authPromise: Promise<Auth> | null = null;

/**
 * The Firebase Auth client, loaded on first use only (the SDK stays out of every other screen's
 * bundle) and pointed at the Auth emulator in demo mode.
 */
export function getFirebaseAuth(config: AppConfig): Promise<Auth> {
  if (!config.firebase) return Promise.reject(new Error('Firebase sign-in is not configured.'));
  const firebase = config.firebase;
  authPromise ??= (async () => {
    const [{ initializeApp }, { getAuth, connectAuthEmulator }] = await Promise.all([
      import('firebase/app'),
      import('firebase/auth'),
    ]);
    const app = initializeApp(firebase);
    const auth = getAuth(app);
    if (config.authEmulatorUrl)
      connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
    return auth;
  })();
  return authPromise;
}
