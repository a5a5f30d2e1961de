import { trpc } from './trpc.js';

/** The server's run-time configuration: Firebase web config, demo mode, emulator address. */
export function useAppConfig() {
  return trpc.config.get.useQuery({}, { staleTime: Infinity });
}
