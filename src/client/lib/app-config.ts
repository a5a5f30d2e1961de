import { trpc, type TrpcUtils } from './trpc.js';

// The configuration does not change while the server runs: fetched once per page load.
const INPUT = {};
const OPTIONS = { staleTime: Infinity };

/** The server's run-time configuration: Firebase web config, demo mode, emulator address. */
export function useAppConfig() {
  return trpc.config.get.useQuery(INPUT, OPTIONS);
}

/** Starts fetching the configuration before the screens that need it have loaded their code. */
export function prefetchAppConfig(utils: TrpcUtils): void {
  void utils.config.get.prefetch(INPUT, OPTIONS);
}
