// What the rest of the server may use of the idempotency feature: its public entry. Anything else in
// this folder is its own (docs/architecture.md#public-entries).
export {
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_PATTERN,
  idempotent,
} from './idempotency-service.js';
