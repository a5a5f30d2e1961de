import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { compression } from 'vite-plugin-compression2';

/**
 * Chunks are cut by directory, by the role its code plays; no file is named here. The layout
 * rules that keep this right (docs/client.md): components/ui, components/widgets and lib hold
 * small, dependency-light code that nearly every screen uses, so it ships in one shared chunk
 * preloaded on every first load; code that brings Radix overlays (components/overlays) or zod
 * (components/forms) stays out of them, loaded with the screens that need it.
 */
/** Where `npm run dev` runs the API server (its PORT, 3000 unless set). */
const API_ORIGIN = `http://127.0.0.1:${process.env.PORT ?? '3000'}`;

const SEP = String.raw`[\\/]`;
/** A path prefix as a regular-expression source, for either separator. */
const under = (...parts: string[]) => parts.join(SEP) + SEP;

const SHARED_UI = new RegExp(
  [
    under('src', 'client', 'components', '(ui|widgets)'),
    under('src', 'client', 'lib'),
    under('node_modules', '(tailwind-merge|clsx)'),
    // Router hooks the entry does not use itself (useLocation...): screens share them.
    under('node_modules', '@tanstack', 'react-router'),
  ].join('|'),
);

/**
 * Icons: those two or more screens share go with the ui chunk, rather than a request per shared
 * icon; one only a single screen draws (the forty category icons of /categories) stays in that
 * screen's chunk, off every other first load.
 */
const ICONS = new RegExp(under('node_modules', 'lucide-react'));

/** What /login, /signup and /verify share (features/auth/sign-in), without the Firebase SDK. */
const SIGN_IN_SCREENS = new RegExp(under('src', 'client', 'features', 'auth', 'sign-in'));

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
    preloadFromHtml('icons'),
    // Writes a .gz and a .br beside every text asset at build time, so the server sends them as
    // they are (@fastify/static preCompressed) instead of compressing on every request.
    compression({ algorithms: ['gzip', 'brotliCompress'] }),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // No modulepreload polyfill in the entry (every first load): a browser without
    // <link rel="modulepreload"> (Safari before 17) still runs the app, it just fetches the ui and
    // icons chunks when the entry imports them (docs/client.md#chunks-and-the-first-load-budget).
    modulePreload: { polyfill: false },
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
            { name: 'icons', test: ICONS, minShareCount: 2 },
            { name: 'sign-in', test: SIGN_IN_SCREENS },
          ],
        },
      },
    },
  },
  // `npm run dev`: this dev server (hot reload) in front of the API server, which gets the calls.
  server: {
    proxy: { '/api': API_ORIGIN, '/trpc': API_ORIGIN },
  },
});
