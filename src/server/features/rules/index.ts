// What the rest of the server may use of the rules feature: its public entry. Anything else in
// this folder is its own (docs/architecture.md#public-entries).
export { fillFromRules } from './manual-entry-rules.js';
export { assertPatternText, firstMatch } from './rule-match.js';
export { activeRules } from './rule-service.js';
