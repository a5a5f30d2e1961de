/**
 * zod compiles faster validators with `new Function`, which the app's Content-Security-Policy
 * forbids (no eval); `jitless` turns that off. `z.config({ jitless: true })` would put zod itself
 * in the entry chunk, about 4 KiB of gzip on every first load although no first screen validates
 * anything (docs/client.md#chunks-and-the-first-load-budget). zod keeps its settings in one
 * object on `globalThis.__zod_globalConfig` and adopts the object it finds there when it loads,
 * so the entry sets the flag there instead. zod-jitless.test.ts fails if a zod upgrade stops
 * reading it.
 */
interface ZodGlobalConfigHolder {
  __zod_globalConfig?: { jitless?: boolean };
}

/** Works before or after zod has loaded: the object changed is the one zod reads. */
export function makeZodJitless(): void {
  const holder = globalThis as ZodGlobalConfigHolder;
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}
