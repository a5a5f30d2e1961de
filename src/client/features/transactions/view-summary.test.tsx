import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { TransactionSummary } from '../../../shared/schemas/ledger-query.js';
import { ViewSummary } from './view-summary.js';

// React's act() needs to know it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLElement | null = null;
afterEach(() => host?.remove());

function shown(summary: TransactionSummary): string {
  host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() => root.render(<ViewSummary summary={summary} />));
  const text = host.textContent ?? '';
  act(() => root.unmount());
  return text.replace(/\s+/g, ' ');
}

describe('the summary line of a view', () => {
  it('gives the count and the figures of a whole view', () => {
    const text = shown({ count: 2, complete: true, moneyIn: 10, moneyOut: 2.5, net: 7.5 });
    expect(text).toMatch(/^2 entries · in \$10\.00 · out \$2\.50 · net \$7\.50$/);
  });

  it('says "more than" and no total over the cap', () => {
    const text = shown({
      count: 25_000,
      complete: false,
      moneyIn: null,
      moneyOut: null,
      net: null,
    });
    expect(text).toContain('More than 25,000 entries');
    expect(text).not.toContain('$');
  });

  it('gives the exact count and says why there is no total past fifteen digits', () => {
    const text = shown({
      count: 11,
      complete: true,
      moneyIn: null,
      moneyOut: null,
      net: null,
    });
    expect(text).toContain('11 entries');
    expect(text).not.toContain('More than');
    expect(text).toContain('their total is too large to show exactly');
  });
});
