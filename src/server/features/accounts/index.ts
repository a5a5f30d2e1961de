// What the rest of the server may use of the accounts feature: its public entry. Anything else in
// this folder is its own (docs/architecture.md#public-entries).
export {
  findAccount,
  findAccountCurrencies,
  findAllAccountCurrencies,
  lockAccount,
} from './account-repository.js';
export { toAccount } from './account-service.js';
