// What the rest of the server may use of the users feature: its public entry. Anything else in
// this folder is its own (docs/architecture.md#public-entries).
export { insertUser, upsertFirebaseUser } from './user-repository.js';
