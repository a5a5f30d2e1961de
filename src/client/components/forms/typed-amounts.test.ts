import { afterEach, describe, expect, it, vi } from 'vitest';

const NumberFormat = Intl.NumberFormat;
afterEach(() => {
  Intl.NumberFormat = NumberFormat;
  vi.resetModules();
});

/** Fresh copies of the modules, with every Intl.NumberFormat made from then on counted. */
async function load() {
  const made = vi.fn();
  Intl.NumberFormat = class extends NumberFormat {
    constructor(...args: ConstructorParameters<typeof NumberFormat>) {
      super(...args);
      made();
    }
  } as typeof NumberFormat;
  const locale = await import('../../lib/locale.js');
  const module = await import('./typed-amounts.js');
  return { ...locale, ...module, made };
}

describe('typed amounts: the locale store', () => {
  it('works out no number marks on load or when the locale setting arrives', async () => {
    const { applyLocale, made } = await load();
    applyLocale('de-DE');
    applyLocale(null);
    expect(made).not.toHaveBeenCalled();
  });

  it('reads in the chosen locale once applied, working its marks out once', async () => {
    const { applyLocale, readAmount, amountEditText, made } = await load();
    applyLocale('de-DE');
    expect(readAmount('1.234,56')).toEqual({ kind: 'cents', cents: 123456n });
    expect(amountEditText(-1234.5)).toMatch(/^1\.?234,50$/);
    expect(made).toHaveBeenCalledTimes(1);
  });

  it("falls back to the browser's marks for a locale this browser cannot use", async () => {
    const { applyLocale, marksFor, browserLocale } = await load();
    applyLocale('not a locale!');
    expect(marksFor('not a locale!')).toEqual(marksFor(browserLocale()));
  });
});
