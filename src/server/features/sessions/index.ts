// What the rest of the server may use of the sessions feature: its public entry. Anything else in
// this folder is its own (docs/architecture.md#public-entries).
export { findSessionIdentity, markIdentityChecked } from './session-repository.js';
export {
  createSession,
  type IdentityCheck,
  NOT_A_MEMBER,
  resolveSession,
  revokeSession,
  type SessionPolicy,
  type SignedIn,
} from './session-service.js';
