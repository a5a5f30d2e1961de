// What the rest of the server may use of the categories feature: its public entry. Anything else in
// this folder is its own (docs/architecture.md#public-entries).
export { findCategory } from './category-repository.js';
