/** What the front end must stay within; bench:web prints PASS or FAIL against each. */

/** JavaScript a route may pull over the wire (gzip) before it is rendered and idle. */
export const JS_BUDGET_BYTES = 170 * 1024;

/** Lighthouse performance score (0-100) per form factor. */
export const LIGHTHOUSE_TARGETS = { desktop: 95, mobile: 90 } as const;

export type FormFactor = keyof typeof LIGHTHOUSE_TARGETS;
