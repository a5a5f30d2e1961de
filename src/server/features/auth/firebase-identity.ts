import type { App } from 'firebase-admin/app';
import type { Auth } from 'firebase-admin/auth';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';

/**
 * firebase-admin is loaded only when Firebase is configured: its modules cost a server without
 * Firebase (key login only) about 20 MB of memory for nothing (docs/architecture.md#memory).
 * `require` keeps createFirebaseAuth synchronous; the package ships CommonJS.
 */
const requireModule = createRequire(import.meta.url);
const firebaseAdmin = () => ({
  ...(requireModule('firebase-admin/app') as typeof import('firebase-admin/app')),
  ...(requireModule('firebase-admin/auth') as typeof import('firebase-admin/auth')),
});

export const DEMO_PROJECT_ID = 'demo-expense-tracker';

/** What the server learns from a verified Firebase ID token. */
export interface FirebaseIdentity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** firebase.sign_in_provider: password, google.com, github.com, ... */
  provider: string;
}

export interface FirebaseSettings {
  projectId?: string | undefined;
  apiKey?: string | undefined;
  authDomain?: string | undefined;
  serviceAccountJson?: string | undefined;
  emulatorHost?: string | undefined;
}

/** The web config the browser needs, served at run time so one build fits every deployment. */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
}

export interface FirebaseAuthService {
  /** Demo mode: the Auth emulator stands in for Google, with its own mailbox. */
  demo: boolean;
  webConfig: FirebaseWebConfig;
  emulatorUrl: string | null;
  auth: Auth;
  /** Verifies signature, expiry and (by asking Firebase) revocation. Throws firebase-admin errors. */
  verifyIdToken(idToken: string): Promise<FirebaseIdentity>;
  close(): Promise<void>;
}

/**
 * Connects to Firebase Auth: a real project when FIREBASE_PROJECT_ID is set without an emulator,
 * the emulator when FIREBASE_AUTH_EMULATOR_HOST is set, nothing (null) otherwise.
 */
export function createFirebaseAuth(settings: FirebaseSettings): FirebaseAuthService | null {
  const emulatorHost = settings.emulatorHost;
  if (!emulatorHost && !settings.projectId) return null;
  const projectId = settings.projectId ?? DEMO_PROJECT_ID;
  const { cert, applicationDefault, initializeApp, deleteApp, getAuth } = firebaseAdmin();
  if (emulatorHost) {
    // firebase-admin reads the emulator address from the environment, nowhere else.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  }
  const app: App = initializeApp(
    emulatorHost
      ? { projectId }
      : {
          projectId,
          credential: settings.serviceAccountJson
            ? cert(JSON.parse(settings.serviceAccountJson) as object)
            : applicationDefault(),
        },
    `expense-tracker-${randomUUID()}`,
  );
  const auth = getAuth(app);
  return {
    demo: Boolean(emulatorHost),
    webConfig: {
      apiKey: settings.apiKey ?? (emulatorHost ? 'demo-api-key' : ''),
      authDomain: settings.authDomain ?? `${projectId}.firebaseapp.com`,
      projectId,
    },
    emulatorUrl: emulatorHost ? `http://${emulatorHost}` : null,
    auth,
    async verifyIdToken(idToken) {
      const decoded = await auth.verifyIdToken(idToken, true);
      return {
        uid: decoded.uid,
        email: decoded.email ?? null,
        emailVerified: decoded.email_verified === true,
        provider: decoded.firebase.sign_in_provider,
      };
    },
    close: () => deleteApp(app),
  };
}
