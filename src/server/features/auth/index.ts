// What the rest of the server may use of the auth feature: its public entry. Anything else in
// this folder is its own (docs/architecture.md#public-entries).
export { ensureDemoUser } from './demo-user.js';
export {
  createFirebaseAuth,
  DEMO_PROJECT_ID,
  type FirebaseAuthService,
} from './firebase-identity.js';
export { firebaseSessionCheck } from './firebase-session-check.js';
