import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { compression } from 'vite-plugin-compression2';

const SHARED_UI = new RegExp(
  [
    String.raw`src[\\/]client[\\/]components[\\/]ui[\\/](button|card|label|input|spinner|badge)\.tsx$`,
    String.raw`src[\\/]client[\\/]components[\\/](page-spinner|query-error)\.tsx$`,
    String.raw`src[\\/]client[\\/]lib[\\/](cn|format|api-error)\.ts$`,
    String.raw`src[\\/]client[\\/]features[\\/]ledger[\\/]transaction-(list|format)\.tsx?$`,
    String.raw`src[\\/]client[\\/]features[\\/]accounts[\\/]account-icon\.tsx$`,
    String.raw`node_modules[\\/](tailwind-merge|clsx)[\\/]`,
    // Router hooks the entry does not use itself (useLocation...): screens share them.
    String.raw`node_modules[\\/]@tanstack[\\/]react-router[\\/]`,
    // Every icon the app uses, about 4 KB gzip together, rather than a request per shared icon.
    String.raw`node_modules[\\/]lucide-react[\\/]`,
  ].join('|'),
);

/** The sign-in screens' common code (/login, /signup, /verify), without the Firebase SDK. */
const SIGN_IN_SCREENS = new RegExp(
  [
    String.raw`src[\\/]client[\\/]features[\\/]auth[\\/](auth-card|credentials-form|password-input|provider-buttons|brand-icons|router-state|use-sign-in-actions|use-firebase-session|firebase-errors|sign-in-validation)\.tsx?$`,
    String.raw`src[\\/]client[\\/]lib[\\/](firebase-client|app-config)\.ts$`,
  ].join('|'),
);

/**
 * Adds <link rel="modulepreload"> for a chunk every screen imports lazily (the ui group), so the
 * browser fetches it alongside the entry instead of after the entry has run.
 */
function preloadFromHtml(chunkName: string): Plugin {
  return {
    name: 'preload-from-html',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.name === chunkName,
        );
        if (!chunk) throw new Error(`preload-from-html: no chunk named ${chunkName}`);
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

export default defineConfig({
  // The router plugin must come before react() so route files are split before JSX is compiled.
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/client/routes',
      generatedRouteTree: 'src/client/routeTree.gen.ts',
    }),
    react(),
    tailwindcss(),
    preloadFromHtml('ui'),
    // Writes a .gz and a .br beside every text asset at build time, so the server sends them as
    // they are (@fastify/static preCompressed) instead of compressing on every request.
    compression({ algorithms: ['gzip', 'brotliCompress'] }),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks on the first load: on a phone each extra request costs a round
        // trip, and Lighthouse's mobile score dropped by several points with ~25 tiny chunks.
        codeSplitting: {
          groups: [
            // Everything the entry imports statically, in the entry's one chunk.
            { name: 'app', tags: ['$initial'] },
            // The small building blocks nearly every screen's code uses, in one shared chunk.
            // An allow-list on purpose: a module that imports Radix dialogs, zod or Firebase
            // would drag them into every screen's first load.
            { name: 'ui', test: SHARED_UI },
            { name: 'sign-in', test: SIGN_IN_SCREENS },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/trpc': 'http://127.0.0.1:3000' },
  },
});
