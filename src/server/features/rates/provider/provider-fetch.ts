import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  PROVIDER_ANSWER_BYTES_MAX,
  readFrankfurterAnswer,
  type ProviderRates,
} from './frankfurter-answer.js';

// One fetch of the provider's latest rates (docs/rates.md#an-online-provider): bounded in time
// (an AbortSignal per attempt), in size (the body is read a chunk at a time and dropped past
// PROVIDER_ANSWER_BYTES_MAX), and retried with backoff on what may pass (a network failure, a
// time-out, 429 and 5xx); anything else fails at once. Never called while a request waits.

export interface FetchPolicy {
  /** Each attempt's limit, from the request to the answer's last byte. */
  timeoutMs: number;
  /** Attempts in all (1: no retry). */
  attempts: number;
  /** Wait before the second attempt; each next one waits four times longer. */
  backoffMs: number;
  /** Waits; a test passes one that does not. */
  sleep?: (ms: number) => Promise<void>;
}

export class ProviderFetchError extends Error {
  constructor(
    message: string,
    /** Whether trying again may help. */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/** The URL of the latest EUR rates under the configured base URL. */
export function latestUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/v1/latest?base=EUR`;
}

/** The body as text, refused once it passes `max` bytes (declared or received). */
async function boundedText(response: Response, max: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel();
    throw new ProviderFetchError(`the answer is ${declared} bytes, more than ${max}`, false);
  }
  if (!response.body) return '';
  const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const bytes = chunk as Buffer;
    size += bytes.byteLength;
    if (size > max) {
      body.destroy();
      throw new ProviderFetchError(`the answer is more than ${max} bytes`, false);
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function attempt(url: string, timeoutMs: number): Promise<ProviderRates> {
  let response: Response;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    response = await fetch(url, {
      signal,
      headers: { accept: 'application/json' },
      redirect: 'error',
    });
  } catch (error) {
    const why = signal.aborted ? `no answer within ${timeoutMs} ms` : String(error);
    throw new ProviderFetchError(why, true);
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    const retryable = response.status === 429 || response.status >= 500;
    throw new ProviderFetchError(`the provider answered ${response.status}`, retryable);
  }
  let text: string;
  try {
    text = await boundedText(response, PROVIDER_ANSWER_BYTES_MAX);
  } catch (error) {
    if (error instanceof ProviderFetchError) throw error;
    throw new ProviderFetchError(
      signal.aborted ? `the answer did not end within ${timeoutMs} ms` : String(error),
      true,
    );
  }
  try {
    return readFrankfurterAnswer(text);
  } catch (error) {
    throw new ProviderFetchError(error instanceof Error ? error.message : String(error), false);
  }
}

/** The latest rates, tried up to `policy.attempts` times; throws the last failure. */
export async function fetchLatestRates(
  baseUrl: string,
  policy: FetchPolicy,
  onRetry?: (failure: ProviderFetchError, attempt: number, waitMs: number) => void,
): Promise<ProviderRates> {
  const sleep = policy.sleep ?? wait;
  const url = latestUrl(baseUrl);
  for (let n = 1; ; n += 1) {
    try {
      return await attempt(url, policy.timeoutMs);
    } catch (error) {
      const failure =
        error instanceof ProviderFetchError ? error : new ProviderFetchError(String(error), false);
      if (!failure.retryable || n >= policy.attempts) throw failure;
      const waitMs = policy.backoffMs * 4 ** (n - 1);
      onRetry?.(failure, n, waitMs);
      await sleep(waitMs);
    }
  }
}
