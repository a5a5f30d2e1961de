// What the rest of the server may use of the ledger feature: its public entry. Anything else in
// this folder is its own (docs/architecture.md#public-entries).
export { bookToday } from './changes/change-repository.js';
export { entrySnapshotSql } from './changes/entry-snapshot-repository.js';
export { CREATED_FIELDS } from './changes/entry-snapshot.js';
export { moveMoney } from './entries/movement-service.js';
export { hasUnbookedEntries } from './entries/entry-repository.js';
export { recategorizeEntries } from './changes/recategorize-repository.js';
export { applyChange, type PlannedEntry } from './changes/change-engine.js';
export { lockEntryStates } from './changes/entry-locks.js';
export { undoChange } from './changes/undo-service.js';
export type { EntryState } from './changes/entry-state.js';
export { accountLedgerPage } from './search/search-service.js';
