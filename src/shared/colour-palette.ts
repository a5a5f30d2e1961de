import { colourDifference } from './colour-difference.js';

// The colours new accounts and the default categories get (docs/analytics.md#colours, decision
// docs/decisions/025-a-palette-that-keeps-3-to-1.md). Each keeps WCAG non-text contrast of 3:1
// against the card in both themes (#ffffff and #111827), and any two are at least
// DISTINCT_DELTA_E apart (CIEDE2000); colour-palette.test.ts checks both. The spec's default
// green #10b981 keeps only 2.5:1 on the light card, so the palette opens with its darker shade.
export const PALETTE = [
  '#059669', // emerald
  '#0284c7', // sky
  '#dc2626', // red
  '#7c3aed', // violet
  '#a16207', // ochre
  '#db2777', // pink
  '#65a30d', // lime
  '#78716c', // stone
] as const;

/** Two colours at least this far apart (ΔE00) read as different ones at a glance. */
export const DISTINCT_DELTA_E = 15;

/** Whether a colour in use is close enough to `colour` to be taken for it. */
const takenBy = (colour: string, used: readonly string[]) =>
  used.some((other) => colourDifference(colour, other) < DISTINCT_DELTA_E);

/**
 * The colour a new account is offered: the first palette colour no account already has, nor
 * one that looks like it (an account kept at the old default #10b981 holds the emerald). When
 * every one is taken, the palette goes round again in order.
 */
export function nextUnusedColour(used: readonly string[]): string {
  const valid = used.filter((colour) => /^#[0-9a-f]{6}$/i.test(colour.trim()));
  const free = PALETTE.find((colour) => !takenBy(colour, valid));
  return free ?? paletteColour(used.length);
}

/** The `index`th default category's colour: the palette in order, round again after its end. */
export const paletteColour = (index: number): string =>
  PALETTE[index % PALETTE.length] ?? PALETTE[0];
