import { unwrap } from '../../lib/envelope.js';
import { trpc, type TrpcUtils } from '../../lib/trpc.js';

/**
 * The main session's data: the server's configuration and who is signed in. Route loaders import
 * this module, so it ships in the entry chunk; the token exchange and logout, which only the
 * sign-in screens and the logout dialog use, are in session-api.ts
 * (docs/client.md#chunks-and-the-first-load-budget).
 */

// The configuration does not change while the server runs: fetched once per page load.
const CONFIG_INPUT = {};
const CONFIG_OPTIONS = { staleTime: Infinity };

/** The server's run-time configuration: Firebase web config, demo mode, emulator address. */
export function useAppConfig() {
  return trpc.config.get.useQuery(CONFIG_INPUT, { ...CONFIG_OPTIONS, select: unwrap });
}

/** Starts fetching the configuration before the screens that need it have loaded their code. */
export function prefetchAppConfig(utils: TrpcUtils): void {
  void utils.config.get.prefetch(CONFIG_INPUT, CONFIG_OPTIONS);
}

const ME_INPUT = {};

/** Who the main session belongs to, and how they signed in (the profile menu shows it). */
export function useSignedInUser() {
  return trpc.auth.me.useQuery(ME_INPUT, { select: unwrap, staleTime: Infinity });
}

/** Demo mode's mailbox: the emails the Auth emulator "sent", to everyone or to one address. */
export function useDemoMailbox(email: string | undefined, options: { enabled: boolean }) {
  return trpc.config.mailbox.useQuery(email ? { email } : {}, { ...options, select: unwrap });
}
