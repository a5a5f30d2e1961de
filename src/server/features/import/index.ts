// What the rest of the server may use of the import feature: its public entry. Anything else in
// this folder is its own (docs/architecture.md#public-entries).
export { startBankFileReader } from './read-bank-file.js';
