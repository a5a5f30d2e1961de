import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import { clientConfigs } from './eslint.client.js';
import { serverConfigs } from './eslint.server.js';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'src/client/routeTree.gen.ts'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  prettier,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Client and server meet only in src/shared.
    files: ['src/client/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  {
    files: ['src/server/**', 'src/shared/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/client/**'] }] },
  },
  // The browser app's own rules (layers, React hooks, type-aware checks): eslint.client.js.
  ...clientConfigs,
  // The server's layers: eslint.server.js.
  ...serverConfigs,
  {
    // Type-aware rules for everything but the client (src/client has its own block): a promise
    // nobody awaits or one passed where a plain callback is expected fails the lint.
    files: [
      'src/server/**/*.ts',
      'src/shared/**/*.ts',
      'tests/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.ts',
      '*.ts',
    ],
    ignores: ['src/client/**', 'vite.config.ts'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // Interfaces (Kysely's Driver, Fastify's handlers) ask for async functions that need no await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read response bodies as `any` on purpose (they check what a careless client gets).
    files: ['tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
