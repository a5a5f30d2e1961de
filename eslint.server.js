// Lint rules that hold the server's layers (docs/architecture.md), kept apart from the client's:
// eslint.config.js spreads `serverConfigs` after its shared blocks.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const ROOT = import.meta.dirname;
const SERVER = './src/server';
const at = (...parts) => [SERVER, ...parts].join('/');

const FEATURES = readdirSync(path.join(ROOT, 'src/server/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The router files of a feature (`*-router.ts`), at any depth. */
const routersOf = (feature) =>
  readdirSync(path.join(ROOT, 'src/server/features', feature), {
    recursive: true,
    encoding: 'utf8',
  })
    .filter((name) => name.endsWith('-router.ts'))
    .map((name) => at('features', feature, name));

/** A feature's router files, as `except` entries relative to the feature's folder. */
const ownRouters = (feature) =>
  routersOf(feature).map((file) => `./${path.relative(at('features', feature), file)}`);

/** What sits above the features: the root router, the HTTP doors, the app and its entry. */
const ABOVE_FEATURES = [at('app-router.ts'), at('http'), at('app.ts'), at('index.ts')];

/**
 * One-way imports: index -> app -> http -> app-router -> features -> trpc -> db -> lib.
 * A zone forbids its `target` files to import anything under `from`.
 */
export const SERVER_ZONES = [
  {
    target: at('lib'),
    from: [at('db'), at('trpc'), at('features'), at('dev'), ...ABOVE_FEATURES],
    message: 'lib is the bottom layer of the server: it imports nothing else of it.',
  },
  {
    target: at('db'),
    from: [at('trpc'), at('features'), at('dev'), ...ABOVE_FEATURES],
    message: 'db knows no procedure, feature or door: it imports only lib.',
  },
  {
    // The procedures stand on sessions, idempotency keys, the sign-in identity and the mailer;
    // nothing else of the features.
    target: at('trpc'),
    from: at('features'),
    except: ['./sessions/index.ts', './idempotency/index.ts', './mail/index.ts', './auth/index.ts'],
    message: 'trpc is plumbing: it knows no feature but the ones procedures stand on.',
  },
  {
    target: at('trpc'),
    from: ABOVE_FEATURES,
    message: 'trpc is plumbing: the root router (app-router.ts) and the doors sit above it.',
  },
  {
    target: at('features'),
    from: ABOVE_FEATURES,
    message: 'A feature knows no door and no root router: they import it, not the reverse.',
  },
  ...FEATURES.filter((feature) => routersOf(feature).length > 0).map((feature) => ({
    // A public entry hands out no router, so no feature reaches another's through it.
    target: at('features', feature, 'index.ts'),
    from: routersOf(feature),
    message: 'A feature imports no router but its own: app-router.ts composes them.',
  })),
  // A feature is one module: from outside its folder only its public entry (index.ts) is
  // imported, and the root router takes its routers besides.
  ...FEATURES.map((feature) => ({
    target: [
      ...FEATURES.filter((other) => other !== feature).map((other) => at('features', other)),
      at('trpc'),
      at('dev'),
      at('http'),
      at('app.ts'),
      at('index.ts'),
    ],
    from: at('features', feature),
    except: ['./index.ts'],
    message: `Outside the ${feature} feature only its public entry (features/${feature}/index.ts) is imported.`,
  })),
  ...FEATURES.map((feature) => ({
    target: at('app-router.ts'),
    from: at('features', feature),
    except: ['./index.ts', ...ownRouters(feature)],
    message:
      "The root router imports a feature's routers and its public entry, nothing else of it.",
  })),
  {
    target: at('http'),
    from: [at('app.ts'), at('index.ts')],
    message: 'The doors are built by app.ts; they do not import it.',
  },
];

export const serverConfigs = [
  {
    // Tests may import across layers (a test of the procedures' schemas walks the root router).
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.js'],
          extensionAlias: { '.js': ['.ts', '.js'] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: SERVER_ZONES }],
    },
  },
  {
    // All Kysely code of a feature is in its repositories (docs/architecture.md).
    files: ['src/server/features/**/*.ts'],
    ignores: ['src/server/features/**/*-repository.ts', 'src/server/features/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ['**/client/**'],
          paths: [
            {
              name: 'kysely',
              message: 'Only repositories (*-repository.ts) and src/server/db build queries.',
            },
          ],
        },
      ],
    },
  },
];
