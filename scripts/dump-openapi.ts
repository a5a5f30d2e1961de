/**
 * Writes the OpenAPI document the server publishes at /api/openapi.json to a file, without
 * starting anything, for the OpenAPI linter (npm run lint:openapi).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_VERSION } from '../src/server/app.js';
import { buildOpenApiDocument } from '../src/server/http/openapi.js';
import { appRouter } from '../src/server/app-router.js';

const target = process.argv[2] ?? 'dist/openapi.json';
mkdirSync(path.dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(appRouter, API_VERSION), null, 2)}\n`);
console.log(`OpenAPI document written to ${target}`);
