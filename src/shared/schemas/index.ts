export * from './common.js';
export * from './account.js';
export * from './ledger.js';
export * from './system.js';
export * from './auth.js';
