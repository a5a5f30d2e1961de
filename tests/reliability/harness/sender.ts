import { dataOf, errorCodeOf, type ApiClient, type HttpAnswer } from './client.js';
import {
  attemptFrom,
  requestOf,
  type AccountCreation,
  type Attempt,
  type AttemptRole,
  type Operation,
} from './operations.js';
import type { RequestStats } from './stats.js';
import { BASE_CURRENCY, minorToUnits } from './money.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A key that got no answer is retried (same key, same body) until `until` (a Date.now() value). */
export interface RetryWindow {
  until: number;
}

/**
 * Sends requests the way a careful bank client does: every mutation carries an Idempotency-Key,
 * and a request that got no answer at all (connection refused or reset, timeout) is retried with
 * the same key and body until it gets one or the retry window closes. Answers, even errors, are
 * never retried: a 5xx is recorded as it is.
 */
export class Sender {
  constructor(
    private readonly api: ApiClient,
    private readonly token: string,
    readonly stats: RequestStats,
    private readonly retryWindow: RetryWindow,
  ) {}

  private async send(
    method: string,
    path: string,
    body: unknown,
    key: string,
  ): Promise<HttpAnswer> {
    this.stats.begin();
    const answer = await this.api.request(method, path, {
      token: this.token,
      body,
      idempotencyKey: key,
    });
    this.stats.end(answer);
    return answer;
  }

  /** Sends until an answer arrives or the retry window closes; records every attempt. */
  private async sendUntilAnswered(
    method: string,
    path: string,
    body: unknown,
    key: string,
    role: AttemptRole,
    record: (attempt: Attempt, answer: HttpAnswer) => void,
  ): Promise<Attempt> {
    let backoffMs = 50;
    let currentRole = role;
    for (;;) {
      const sentAt = Date.now();
      const answer = await this.send(method, path, body, key);
      const attempt = attemptFrom(currentRole, answer, errorCodeOf(answer), sentAt);
      record(attempt, answer);
      if (answer.status !== null || Date.now() + backoffMs > this.retryWindow.until) {
        return attempt;
      }
      await sleep(backoffMs * (0.5 + Math.random()));
      backoffMs = Math.min(backoffMs * 2, 1000);
      currentRole = 'retry';
    }
  }

  settle(op: Operation, role: AttemptRole): Promise<Attempt> {
    const { method, path, body } = requestOf(op);
    return this.sendUntilAnswered(method, path, body, op.key, role, (attempt) =>
      op.attempts.push(attempt),
    );
  }

  createAccount(creation: AccountCreation, role: AttemptRole): Promise<Attempt> {
    return this.sendUntilAnswered(
      'POST',
      '/api/account',
      {
        title: creation.title,
        description: `reliability ${creation.key}`,
        icon: 'wallet',
        ...(creation.currency !== undefined && { currency: creation.currency }),
        ...(creation.openingCents !== undefined && {
          openingBalance: minorToUnits(creation.openingCents, creation.currency ?? BASE_CURRENCY),
        }),
      },
      creation.key,
      role,
      (attempt, answer) => {
        creation.attempts.push(attempt);
        const id = dataOf<{ id: string }>(answer)?.id;
        if (id) creation.accountIds.add(id);
      },
    );
  }
}
