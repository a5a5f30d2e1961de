// What the rest of the server may use of the activity feature: its public entry. Anything else in
// this folder is its own (docs/architecture.md#public-entries).
export { recordChange } from './activity-repository.js';
export { NoticeHub } from './notice-hub.js';
export { registerLiveEvents } from './live-route.js';
