// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The client's one-way imports (docs/client.md) are lint zones in eslint.client.js. These lint
 * made-up files with the project's real configuration and expect the zone errors; the imports
 * name real modules, since a zone only judges an import it can resolve.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({
  cwd: ROOT,
  // Only the zones run, so the files need no type information (and need not exist on disk).
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

async function zoneErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  expect(result?.messages.filter((message) => message.fatal)).toEqual([]);
  return (result?.messages ?? []).map((message) => message.message);
}

describe('client import zones', () => {
  it('keeps one feature out of another', async () => {
    const errors = await zoneErrors(
      'src/client/features/expenses/x.ts',
      "export { useAccounts } from '../accounts/api.js';\n",
    );
    expect(errors).toEqual([expect.stringContaining('A feature does not import another feature')]);
  });

  it('keeps features out of shared components, stores and lib', async () => {
    const files = {
      'components/x.tsx': '../features/accounts/api.js',
      'components/widgets/x.tsx': '../../features/accounts/api.js',
      'stores/x.ts': '../features/accounts/api.js',
      'lib/x.ts': '../features/accounts/api.js',
    };
    for (const [file, feature] of Object.entries(files)) {
      expect(
        await zoneErrors(`src/client/${file}`, `export { useAccounts } from '${feature}';\n`),
      ).toEqual([expect.stringContaining('Shared code does not depend on a feature')]);
    }
  });

  it('keeps routes out of everything below them', async () => {
    const errors = await zoneErrors(
      'src/client/features/accounts/x.ts',
      "export { Route } from '../../routes/__root.js';\n",
    );
    expect(errors).toEqual([expect.stringContaining('nothing below them imports a route')]);
  });

  it('keeps app state and components out of lib, and overlays out of the shared chunk', async () => {
    expect(
      await zoneErrors(
        'src/client/lib/x.ts',
        "export * from '../stores/default-account-store.js';\nexport * from '../components/ui/button.js';\n",
      ),
    ).toEqual([
      expect.stringContaining('App state is read by features and routes'),
      expect.stringContaining('lib is the bottom layer'),
    ]);
    expect(
      await zoneErrors(
        'src/client/components/widgets/x.tsx',
        "export * from '../overlays/dialog.js';\n",
      ),
    ).toEqual([expect.stringContaining('Radix overlays and zod-backed forms stay out')]);
  });

  it('lets each layer import its own feature and the layers below it', async () => {
    const errors = await zoneErrors(
      'src/client/features/expenses/x.ts',
      [
        "export * from './api.js';",
        "export * from '../../components/ui/button.js';",
        "export * from '../../stores/default-account-store.js';",
        "export * from '../../lib/format.js';",
        "export * from '../../../shared/money.js';",
      ].join('\n'),
    );
    expect(errors).toEqual([]);
    expect(
      await zoneErrors(
        'src/client/routes/x.tsx',
        "export * from '../features/accounts/api.js';\nexport * from '../features/ledger/api.js';\n",
      ),
    ).toEqual([]);
  });
});

describe('answers reach components unwrapped', () => {
  it('has no component reading an envelope (data.data) past its data module', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const clientDir = path.join(ROOT, 'src/client');
    const files = (await readdir(clientDir, { recursive: true })).filter(
      (file) => /\.tsx?$/.test(file) && !file.endsWith('.test.ts'),
    );
    const offenders: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(clientDir, file), 'utf8');
      if (/data\??\.data\b/.test(text)) offenders.push(file);
    }
    // The data modules unwrap envelopes (docs/client.md); a component reading .data.data is
    // reaching past them.
    expect(offenders).toEqual([]);
  });
});

describe('the first load', () => {
  // A route file's search parsing and loader ship in the first load's chunk (the components are
  // split off): a runtime import of a zod schema module there brings zod along, about 18 KiB
  // gzip over the budget (docs/client.md#chunks-and-the-first-load-budget). Types are free.
  it('keeps zod schemas out of route files', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const routes = path.join(ROOT, 'src/client/routes');
    const files = (await readdir(routes, { recursive: true })).filter((f) => f.endsWith('.tsx'));
    expect(files.length).toBeGreaterThan(10);
    const offenders: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(routes, file), 'utf8');
      const runtime = /^import (?!type )[^;]*from '[^']*shared\/schemas\/[^']*';/gm;
      if (runtime.test(text)) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });
});
