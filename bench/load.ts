/**
 * One autocannon measurement: a short warm-up, then a timed run whose figures are kept.
 * Latencies count only 2xx answers in autocannon, so any other status or a connection error
 * is reported and fails the run instead of flattering it.
 */
import autocannon from 'autocannon';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  failures: number;
}

export interface LoadPlan {
  baseUrl: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Called for every request, so a run can spread over many accounts or users. */
  nextRequest: () => LoadRequest;
}

async function fire(plan: LoadPlan, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: plan.baseUrl,
    connections: plan.connections,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        setupRequest: (request) => {
          const next = plan.nextRequest();
          return { ...request, ...next };
        },
      },
    ],
  });
}

export async function measure(plan: LoadPlan): Promise<LoadFigures> {
  if (plan.warmupSeconds > 0) await fire(plan, plan.warmupSeconds);
  const result = await fire(plan, plan.seconds);
  const failures = result.non2xx + result.errors + result.timeouts;
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failures,
  };
}
