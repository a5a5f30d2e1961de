import type { HttpAnswer } from './client.js';

/** Counts every request the load sends, by answer: `200`, `422`, `ECONNREFUSED`, `TIMEOUT`... */
export class RequestStats {
  sent = 0;
  inFlight = 0;
  readonly byAnswer = new Map<string, number>();

  begin(): void {
    this.sent += 1;
    this.inFlight += 1;
  }

  end(answer: HttpAnswer): void {
    this.inFlight -= 1;
    const label = answer.status === null ? (answer.error ?? 'no answer') : String(answer.status);
    this.byAnswer.set(label, (this.byAnswer.get(label) ?? 0) + 1);
  }

  count(predicate: (label: string) => boolean): number {
    let total = 0;
    for (const [label, n] of this.byAnswer) if (predicate(label)) total += n;
    return total;
  }

  get serverErrors(): number {
    return this.count((label) => /^5\d\d$/.test(label));
  }

  get noAnswer(): number {
    return this.count((label) => !/^\d+$/.test(label));
  }
}
