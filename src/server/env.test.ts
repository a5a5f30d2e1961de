import { describe, expect, it } from 'vitest';
import { EnvError, exportsPerInstance, loadEnv } from './env.js';

describe('loadEnv', () => {
  it('fills documented defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      NODE_ENV: 'development',
      SESSION_IDLE_TIMEOUT_SECONDS: 172_800,
      SESSION_MAX_AGE_SECONDS: 1_209_600,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('treats empty values as unset', () => {
    expect(loadEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ SESSION_IDLE_TIMEOUT_SECONDS: '-5' }, 'SESSION_IDLE_TIMEOUT_SECONDS'],
  ])('names the bad variable in %j', (source, variable) => {
    expect(() => loadEnv(source)).toThrow(EnvError);
    expect(() => loadEnv(source)).toThrow(new RegExp(`${variable}:`));
  });

  it('refuses to start in production with the Auth emulator configured (docs/security.md)', () => {
    const source = {
      NODE_ENV: 'production',
      DEMO_MODE: 'true',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    };
    expect(() => loadEnv(source)).toThrow(
      /FIREBASE_AUTH_EMULATOR_HOST: demo mode .* must not be on when NODE_ENV=production/,
    );
    expect(loadEnv({ ...source, NODE_ENV: 'development' }).FIREBASE_AUTH_EMULATOR_HOST).toBe(
      '127.0.0.1:9099',
    );
    expect(() => loadEnv({ NODE_ENV: 'production' })).not.toThrow();
  });

  it('reads the time-outs, with their documented defaults', () => {
    expect(loadEnv({})).toMatchObject({
      REQUEST_TIMEOUT_SECONDS: 30,
      CONNECTION_IDLE_TIMEOUT_SECONDS: 120,
    });
    expect(loadEnv({ REQUEST_TIMEOUT_SECONDS: '5' }).REQUEST_TIMEOUT_SECONDS).toBe(5);
    expect(() => loadEnv({ REQUEST_TIMEOUT_SECONDS: '0' })).toThrow(/REQUEST_TIMEOUT_SECONDS:/);
    expect(() => loadEnv({ CONNECTION_IDLE_TIMEOUT_SECONDS: 'soon' })).toThrow(
      /CONNECTION_IDLE_TIMEOUT_SECONDS:/,
    );
  });

  it('accepts a PostgreSQL URL', () => {
    expect(loadEnv({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' }).DATABASE_URL).toBe(
      'postgres://u@127.0.0.1:5432/db',
    );
  });

  it('reads the limits of expensive reads, with their documented defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      EXPORT_RATE_LIMIT_PER_USER: 10,
      FULL_EXPORTS_PER_INSTANCE: 1,
      EXPORT_MAX_SECONDS: 600,
      ANALYTICS_RATE_LIMIT_PER_USER: 240,
      ANALYTICS_CONCURRENCY_PER_USER: 6,
    });
    // Exports per instance: 4, or fewer than the pool's connections when the pool is small.
    expect(exportsPerInstance(env)).toBe(4);
    expect(exportsPerInstance(loadEnv({ DATABASE_POOL_SIZE: '3' }))).toBe(2);
    expect(exportsPerInstance(loadEnv({ DATABASE_POOL_SIZE: '1' }))).toBe(1);
    expect(exportsPerInstance(loadEnv({ EXPORTS_PER_INSTANCE: '7' }))).toBe(7);
    expect(() => loadEnv({ EXPORT_MAX_SECONDS: '0' })).toThrow(/EXPORT_MAX_SECONDS:/);
    expect(() => loadEnv({ ANALYTICS_CONCURRENCY_PER_USER: 'many' })).toThrow(
      /ANALYTICS_CONCURRENCY_PER_USER:/,
    );
  });

  it('refuses more exports per instance than PostgreSQL connections less one', () => {
    const postgres = { DATABASE_URL: 'postgres://u@127.0.0.1:5432/db', DATABASE_POOL_SIZE: '5' };
    expect(() => loadEnv({ ...postgres, EXPORTS_PER_INSTANCE: '5' })).toThrow(
      /EXPORTS_PER_INSTANCE: must be below DATABASE_POOL_SIZE \(5\)/,
    );
    expect(loadEnv({ ...postgres, EXPORTS_PER_INSTANCE: '4' }).EXPORTS_PER_INSTANCE).toBe(4);
  });

  it('reads TRUST_PROXY as off, on, a hop count or proxy addresses', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => loadEnv({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY:/);
  });
});

describe('demo mode', () => {
  const npmStart = { demoByDefault: true };

  it('is off unless asked for: plain `node dist/server/index.js` never runs the emulator', () => {
    expect(loadEnv({}).DEMO_MODE).toBe(false);
    expect(loadEnv({ NODE_ENV: 'development' }).DEMO_MODE).toBe(false);
    expect(loadEnv({ NODE_ENV: 'test', HOST: '0.0.0.0' }).DEMO_MODE).toBe(false);
  });

  it('is on with `npm start` (--demo) when no Firebase project is configured', () => {
    expect(loadEnv({}, npmStart).DEMO_MODE).toBe(true);
    expect(loadEnv({ FIREBASE_PROJECT_ID: 'my-project' }, npmStart).DEMO_MODE).toBe(false);
    expect(loadEnv({ NODE_ENV: 'production' }, npmStart).DEMO_MODE).toBe(false);
    expect(loadEnv({ DEMO_MODE: 'false' }, npmStart).DEMO_MODE).toBe(false);
  });

  it.each([
    ['true', true],
    ['TRUE', true],
    ['1', true],
    ['yes', true],
    ['on', true],
    ['false', false],
    ['0', false],
    ['no', false],
    ['off', false],
  ])('reads DEMO_MODE=%s', (value, expected) => {
    expect(loadEnv({ DEMO_MODE: value }).DEMO_MODE).toBe(expected);
  });

  it('names DEMO_MODE when its value is not a yes or no', () => {
    expect(() => loadEnv({ DEMO_MODE: 'maybe' })).toThrow(/DEMO_MODE: must be true or false/);
    expect(() => loadEnv({ DEMO_MODE_ALLOW_NON_LOOPBACK: 'sure' })).toThrow(
      /DEMO_MODE_ALLOW_NON_LOOPBACK:/,
    );
  });

  it('is refused on a non-loopback address unless explicitly forced', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'example.com', '[::]']) {
      expect(() => loadEnv({ DEMO_MODE: 'true', HOST: host }), host).toThrow(EnvError);
      expect(() => loadEnv({ HOST: host }, npmStart), host).toThrow(
        /HOST: demo mode accepts unsigned sign-in tokens, so it listens only on a loopback address/,
      );
      expect(
        loadEnv({ DEMO_MODE: 'true', HOST: host, DEMO_MODE_ALLOW_NON_LOOPBACK: 'true' }).DEMO_MODE,
      ).toBe(true);
    }
    for (const host of [
      '127.0.0.1',
      '127.0.0.2',
      'localhost',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
    ]) {
      expect(loadEnv({ DEMO_MODE: 'true', HOST: host }).DEMO_MODE, host).toBe(true);
    }
  });

  it('is refused with NODE_ENV=production or beside a real Firebase project', () => {
    expect(() => loadEnv({ DEMO_MODE: 'true', NODE_ENV: 'production' })).toThrow(
      /DEMO_MODE: demo mode .* must not be on when NODE_ENV=production/,
    );
    expect(() => loadEnv({ DEMO_MODE: 'true', FIREBASE_PROJECT_ID: 'my-project' })).toThrow(
      /DEMO_MODE: .*choose one/,
    );
  });

  it('is the only mode an Auth emulator may be used in', () => {
    expect(() => loadEnv({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(
      /FIREBASE_AUTH_EMULATOR_HOST: an Auth emulator is only for demo mode \(set DEMO_MODE=true\)/,
    );
    expect(loadEnv({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }, npmStart).DEMO_MODE).toBe(
      true,
    );
  });
});
