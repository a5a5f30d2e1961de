/**
 * The type of the whole API, for typed clients (the web app and scripts). Type-only: no server
 * code reaches a bundle through this file.
 */
export type { AppRouter } from '../server/app-router.js';
