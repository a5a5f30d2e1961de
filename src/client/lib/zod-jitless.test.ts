import { describe, expect, it } from 'vitest';
import { makeZodJitless } from './zod-jitless.js';

type Holder = { __zod_globalConfig?: { jitless?: boolean } };

// In this order on purpose: the first test needs a zod that has not loaded yet (each test file
// gets its own worker), as in the browser, where the entry runs before any chunk holding zod.
describe('makeZodJitless', () => {
  it('is what zod reads when zod loads after it', async () => {
    expect((globalThis as Holder).__zod_globalConfig).toBeUndefined();
    makeZodJitless();
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // Validators still work without compiling code.
    expect(z.object({ a: z.string() }).safeParse({ a: 'x' }).success).toBe(true);
  });

  it('reaches a zod that had loaded first', async () => {
    const { z } = await import('zod');
    z.config({ jitless: false });
    makeZodJitless();
    expect(z.config().jitless).toBe(true);
  });
});
