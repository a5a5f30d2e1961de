// Lint rules of the browser app (src/client), kept apart from the server's: eslint.config.js
// spreads `clientConfigs` after its shared blocks. The layers are described in docs/client.md.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

const ROOT = import.meta.dirname;
const CLIENT = './src/client';
const at = (...parts) => [CLIENT, ...parts].join('/');

/** Every folder of features/: each gets a zone that keeps the others out. */
const FEATURES = readdirSync(path.join(ROOT, 'src/client/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * One-way imports: routes (and main.tsx) -> features -> components, stores, lib -> src/shared.
 * A zone forbids its `target` files to import anything under `from`.
 */
export const CLIENT_ZONES = [
  ...FEATURES.map((feature) => ({
    target: at('features', feature),
    from: at('features'),
    except: [`./${feature}`],
    message: 'A feature does not import another feature: compose them in a route.',
  })),
  {
    target: [at('features'), at('components'), at('stores'), at('lib')],
    from: [at('routes'), at('main.tsx'), at('routeTree.gen.ts')],
    message: 'Routes compose the app; nothing below them imports a route.',
  },
  {
    target: [at('components'), at('stores'), at('lib')],
    from: at('features'),
    message: 'Shared code does not depend on a feature: pass what it needs in from the route.',
  },
  {
    target: [at('components'), at('lib')],
    from: at('stores'),
    message: 'App state is read by features and routes, not by shared components or lib.',
  },
  {
    target: at('lib'),
    from: at('components'),
    message: 'lib is the bottom layer of the client: it imports no components.',
  },
  {
    target: [at('components', 'ui'), at('components', 'widgets'), at('lib')],
    from: [at('components', 'overlays'), at('components', 'forms')],
    message:
      'ui, widgets and lib ship in the chunk every screen preloads (vite.config.ts): Radix overlays and zod-backed forms stay out of it.',
  },
];

export const clientConfigs = [
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Imports name the emitted .js file; the source is the .ts or .tsx beside it.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: CLIENT_ZONES }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  // Type-aware rules: promises nobody awaits or handles (a submit that fails silently) above all.
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({
    ...config,
    files: ['src/client/**/*.{ts,tsx}'],
  })),
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: ROOT },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // TanStack Router's `throw redirect(...)` in beforeLoad is how a guard redirects.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: '@tanstack/router-core', name: 'Redirect' }] },
      ],
    },
  },
];
