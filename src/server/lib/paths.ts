import { fileURLToPath } from 'node:url';
import path from 'node:path';

// This file sits at src/server/lib (tsx, tests) or dist/server/lib (built): the root is 3 levels up.
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const migrationsDir = path.join(projectRoot, 'migrations');
export const clientDistDir = path.join(projectRoot, 'dist', 'client');
