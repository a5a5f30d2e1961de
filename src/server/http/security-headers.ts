import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { isApiPath } from './api-paths.js';

/** What the browser's Firebase SDK talks to; decides which outside origins the policy allows. */
export interface FirebaseOrigins {
  /** Demo mode: the SDK talks to the Auth emulator (for example http://127.0.0.1:9099). */
  emulatorUrl?: string | null | undefined;
  /** A real Firebase project: the SDK talks to Google and frames/pops up <authDomain>. */
  authDomain?: string | null | undefined;
}

/** Google endpoints the Firebase Auth web SDK calls with a real project. */
const GOOGLE_AUTH_API = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://www.googleapis.com',
];
/** Where the SDK's popup/redirect helper (gapi) loads its script and frames from. */
const GOOGLE_APIS = 'https://apis.google.com';

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** The emulator's origin from its URL or from a bare host:port (FIREBASE_AUTH_EMULATOR_HOST). */
export function emulatorOrigin(urlOrHost: string | null | undefined): string | null {
  if (!urlOrHost) return null;
  return originOf(/^https?:\/\//i.test(urlOrHost) ? urlOrHost : `http://${urlOrHost}`);
}

export type CspDirectives = Record<string, string[]>;

/**
 * The Content-Security-Policy of every response. No inline scripts and no eval anywhere: the
 * built SPA and the API reference only load scripts from this origin. Styles may be inline
 * (Radix and sonner set style attributes). Outside origins appear only for the Firebase setup
 * actually configured: the emulator in demo mode, Google's endpoints with a real project.
 */
export function buildCspDirectives(firebase: FirebaseOrigins = {}): CspDirectives {
  const scriptSrc = ["'self'"];
  const connectSrc = ["'self'"];
  const frameSrc: string[] = [];

  const emulator = emulatorOrigin(firebase.emulatorUrl);
  if (emulator) {
    connectSrc.push(emulator);
    frameSrc.push(emulator);
  } else if (firebase.authDomain) {
    const authDomain = originOf(`https://${firebase.authDomain}`);
    connectSrc.push(...GOOGLE_AUTH_API);
    scriptSrc.push(GOOGLE_APIS);
    frameSrc.push(...(authDomain ? [authDomain] : []), GOOGLE_APIS);
  }

  return {
    'default-src': ["'self'"],
    'script-src': scriptSrc,
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': connectSrc,
    'frame-src': frameSrc.length ? frameSrc : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
}

export interface SecurityHeaderOptions {
  /** Strict-Transport-Security is sent only in production (behind HTTPS). */
  production: boolean;
  firebase: FirebaseOrigins;
}

/**
 * The headers of every response (API, SPA, API reference, errors): CSP, nosniff, frame denial,
 * referrer policy, cross-origin isolation headers, and HSTS in production. Computed once by
 * helmet: our policy does not depend on the request (@fastify/helmet rebuilt its middleware,
 * CSP parsing included, per request).
 */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const realProject =
    !emulatorOrigin(options.firebase.emulatorUrl) && !!options.firebase.authDomain;
  return headersSetBy(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: buildCspDirectives(options.firebase),
      },
      // Firebase's sign-in popup reports back through window.opener.
      crossOriginOpenerPolicy: { policy: realProject ? 'same-origin-allow-popups' : 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      // Only the origin leaves the site (Firebase API keys may be restricted by referrer).
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: options.production
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
      xFrameOptions: { action: 'deny' },
    }),
  );
}

/**
 * API and tRPC answers are per user and per moment: no browser or proxy cache may keep them
 * (a shared machine's back button, a proxy between user and server).
 */
export const API_CACHE_CONTROL = 'no-store';

/**
 * Sets the security headers on every routed response, and no-store on every API and tRPC one.
 * Answers given before routing (malformed URLs, unparsable requests) set the same headers
 * themselves (src/server/http/early-replies.ts).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  headers: Record<string, string>,
): void {
  const apiHeaders = { ...headers, 'cache-control': API_CACHE_CONTROL };
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(isApiPath(req.url) ? apiHeaders : headers);
    done();
  });
}

/**
 * The headers a helmet middleware sets, read once: our policy does not depend on the request,
 * so each response gets the same map in one call instead of a dozen middlewares in a chain.
 */
function headersSetBy(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader: (name: string) => {
      headers.delete(name.toLowerCase());
    },
  };
  // helmet only ever sets and removes headers on the response it is given.
  middleware(
    {} as Parameters<typeof middleware>[0],
    recorder as unknown as Parameters<typeof middleware>[1],
    () => {},
  );
  return Object.fromEntries(headers);
}
