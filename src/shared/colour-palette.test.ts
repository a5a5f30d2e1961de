import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from './colour-contrast.js';
import { colourDifference } from './colour-difference.js';
import { DEFAULT_ACCOUNT_COLOR } from './limits.js';
import { DISTINCT_DELTA_E, PALETTE, nextUnusedColour, paletteColour } from './colour-palette.js';

/** The card background of each theme, read from the stylesheet the app ships. */
function cardBackgrounds(): { light: string; dark: string } {
  const css = readFileSync(new URL('../client/styles.css', import.meta.url), 'utf8');
  const cardIn = (selector: string) => {
    const block = new RegExp(`${selector.replace('.', '\\.')}\\s*\\{([^}]*)\\}`).exec(css)?.[1];
    const card = block && /--card:\s*(#[0-9a-fA-F]{6})\s*;/.exec(block)?.[1];
    if (!card) throw new Error(`No --card colour in ${selector}`);
    return card;
  };
  return { light: cardIn(':root'), dark: cardIn('.dark') };
}

describe('the palette', () => {
  const cards = cardBackgrounds();

  it('holds 8 to 12 different colours', () => {
    expect(PALETTE.length).toBeGreaterThanOrEqual(8);
    expect(PALETTE.length).toBeLessThanOrEqual(12);
    expect(new Set(PALETTE.map((c) => c.toLowerCase())).size).toBe(PALETTE.length);
  });

  it.each(PALETTE)('%s keeps 3:1 against the light and the dark card', (colour) => {
    expect(contrastRatio(colour, cards.light)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(colour, cards.dark)).toBeGreaterThanOrEqual(3);
  });

  it(`keeps any two colours at least ΔE00 ${DISTINCT_DELTA_E} apart`, () => {
    for (const [i, a] of PALETTE.entries()) {
      for (const b of PALETTE.slice(i + 1)) {
        expect(colourDifference(a, b), `${a} and ${b}`).toBeGreaterThanOrEqual(DISTINCT_DELTA_E);
      }
    }
  });

  it('cannot hold the spec default #10b981: it keeps less than 3:1 on the light card', () => {
    expect(contrastRatio(DEFAULT_ACCOUNT_COLOR, cards.light)).toBeLessThan(3);
  });

  it('gives the default categories its colours in order, round again after the end', () => {
    expect(paletteColour(0)).toBe(PALETTE[0]);
    expect(paletteColour(1)).toBe(PALETTE[1]);
    expect(paletteColour(PALETTE.length)).toBe(PALETTE[0]);
  });
});

describe('the next unused colour', () => {
  it('is the first palette colour for a person with no accounts', () => {
    expect(nextUnusedColour([])).toBe(PALETTE[0]);
  });

  it('skips the colours accounts have, in any case', () => {
    expect(nextUnusedColour([PALETTE[0].toUpperCase()])).toBe(PALETTE[1]);
    expect(nextUnusedColour([PALETTE[1], PALETTE[0]])).toBe(PALETTE[2]);
    expect(nextUnusedColour([PALETTE[0], PALETTE[2]])).toBe(PALETTE[1]);
  });

  it('counts an account at the old default green as holding the emerald', () => {
    expect(nextUnusedColour([DEFAULT_ACCOUNT_COLOR])).toBe(PALETTE[1]);
  });

  it('ignores colours unlike any in the palette, and text that is no colour', () => {
    expect(nextUnusedColour(['#000000', 'green'])).toBe(PALETTE[0]);
  });

  it('goes round the palette again once every colour is taken', () => {
    expect(nextUnusedColour([...PALETTE])).toBe(PALETTE[0]);
    expect(nextUnusedColour([...PALETTE, PALETTE[0]])).toBe(PALETTE[1]);
  });
});
