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
    except: ['./sessions', './idempotency', './mail', './auth/firebase-identity.ts'],
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
  ...FEATURES.map((feature) => ({
    target: at('features', feature),
    from: FEATURES.filter((other) => other !== feature).flatMap(routersOf),
    message: 'A feature imports no router but its own: app-router.ts composes them.',
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
