// What the rest of the server may use of the export feature: its public entry. Anything else in
// this folder is its own (docs/architecture.md#public-entries).
export { prepareCsvExport } from './csv-export-service.js';
export { bookBeingRestored, cleanUpDeadRestores } from './restore-cleanup.js';
