// What the rest of the server may use of the books feature: its public entry. Anything else in
// this folder is its own (docs/architecture.md#public-entries).
export { createPersonalBook, findBookBaseCurrency, findMemberBook } from './book-repository.js';
export { MEMBER_NOT_FOUND } from './membership-service.js';
