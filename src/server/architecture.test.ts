import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The server's one-way imports (docs/architecture.md) are lint zones in eslint.server.js. These
 * lint made-up files with the project's real configuration and expect each rule's error; the
 * imports name real modules, since a zone only judges an import it can resolve.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({
  cwd: ROOT,
  // Only the layer rules run, so the files need no type information (and need not exist).
  ruleFilter: ({ ruleId }) =>
    ruleId === 'import-x/no-restricted-paths' || ruleId === 'no-restricted-imports',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  expect(result?.messages.filter((message) => message.fatal)).toEqual([]);
  return (result?.messages ?? []).map((message) => message.message);
}

describe('server layers', () => {
  it('keeps lib at the bottom', async () => {
    expect(
      await layerErrors(
        'src/server/lib/x.ts',
        "export * from '../db/connect.js';\nexport * from '../features/books/book-service.js';\n",
      ),
    ).toEqual([
      expect.stringContaining('lib is the bottom layer'),
      expect.stringContaining('lib is the bottom layer'),
    ]);
  });

  it('keeps db below the procedures and the features', async () => {
    expect(
      await layerErrors('src/server/db/x.ts', "export * from '../trpc/envelope.js';\n"),
    ).toEqual([expect.stringContaining('db knows no procedure')]);
  });

  it('keeps trpc to plumbing: no feature but the ones procedures stand on, no root router', async () => {
    expect(
      await layerErrors(
        'src/server/trpc/x.ts',
        [
          "export * from '../features/books/book-service.js';",
          "export * from '../app-router.js';",
          "export * from '../features/sessions/index.js';",
          "export * from '../features/idempotency/index.js';",
        ].join('\n'),
      ),
    ).toEqual([
      expect.stringContaining('trpc is plumbing: it knows no feature'),
      expect.stringContaining('Outside the books feature only its public entry'),
      expect.stringContaining('the root router (app-router.ts) and the doors sit above it'),
    ]);
  });

  it('keeps the doors and the root router out of the features', async () => {
    expect(
      await layerErrors(
        'src/server/features/books/x.ts',
        "export * from '../../app-router.js';\nexport * from '../../http/api-paths.js';\n",
      ),
    ).toEqual([
      expect.stringContaining('A feature knows no door'),
      expect.stringContaining('A feature knows no door'),
    ]);
  });

  it("keeps a feature out of another's router, not out of its own", async () => {
    expect(
      await layerErrors(
        'src/server/features/books/x.ts',
        "export * from '../accounts/account-router.js';\nexport * from './book-router.js';\n",
      ),
    ).toEqual([expect.stringContaining('Outside the accounts feature only its public entry')]);
    // Nor through a public entry: that hands out no router.
    expect(
      await layerErrors(
        'src/server/features/accounts/index.ts',
        "export { accountRouter } from './account-router.js';\n",
      ),
    ).toEqual([expect.stringContaining('A feature imports no router but its own')]);
  });

  it("keeps every feature's internals its own: others import only its public entry", async () => {
    expect(
      await layerErrors(
        'src/server/features/import/x.ts',
        [
          "export * from '../accounts/account-repository.js';",
          "export * from '../ledger/changes/change-engine.js';",
          "export * from '../accounts/index.js';",
          "export * from '../ledger/index.js';",
          "export * from './import-service.js';",
        ].join('\n'),
      ),
    ).toEqual([
      expect.stringContaining('Outside the accounts feature only its public entry'),
      expect.stringContaining('Outside the ledger feature only its public entry'),
    ]);
    // Inside the ledger, its parts (entries, changes, transfers, search) import each other.
    expect(
      await layerErrors(
        'src/server/features/ledger/transfers/x.ts',
        "export * from '../changes/change-engine.js';\n",
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        'src/server/http/x.ts',
        "export * from '../features/export/csv-format.js';\n",
      ),
    ).toEqual([expect.stringContaining('Outside the export feature only its public entry')]);
  });

  it("lets the root router take a feature's routers and public entry, nothing else", async () => {
    expect(
      await layerErrors(
        'src/server/app-router.ts',
        [
          "export * from './features/ledger/transfers/transfer-router.js';",
          "export * from './features/ledger/index.js';",
          "export * from './features/ledger/transfers/transfer-service.js';",
        ].join('\n'),
      ),
    ).toEqual([expect.stringContaining("imports a feature's routers and its public entry")]);
  });

  it('keeps app.ts out of the doors', async () => {
    expect(await layerErrors('src/server/http/x.ts', "export * from '../app.js';\n")).toEqual([
      expect.stringContaining('The doors are built by app.ts'),
    ]);
  });

  it('lets only repositories import Kysely', async () => {
    const code = "export { sql } from 'kysely';\n";
    expect(await layerErrors('src/server/features/books/book-service.ts', code)).toEqual([
      expect.stringContaining('Only repositories'),
    ]);
    expect(await layerErrors('src/server/features/books/book-repository.ts', code)).toEqual([]);
  });

  it('builds no query outside repositories, even on a database handle passed in', () => {
    const features = path.join(ROOT, 'src/server/features');
    const builders = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto)\(|\bsql`/;
    // Every file at any depth: a feature may grow folders of its own.
    const files = readdirSync(features, { recursive: true, encoding: 'utf8' }).filter(
      (file) =>
        file.endsWith('.ts') && !file.endsWith('-repository.ts') && !file.endsWith('.test.ts'),
    );
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.filter((file) =>
      builders.test(readFileSync(path.join(features, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
