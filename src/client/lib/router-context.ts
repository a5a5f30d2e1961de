import type { TrpcUtils } from './trpc.js';

/** What every route's loader gets: the tRPC query helpers, to start fetching data early. */
export interface RouterContext {
  trpc: TrpcUtils;
}
