import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoIdentitiesFile, demoModeBanner } from './demo-mode.js';

describe('demo mode banner', () => {
  const banner = demoModeBanner({
    url: 'http://127.0.0.1:3000',
    emulatorUrl: 'http://127.0.0.1:9099',
    identitiesFile: '/data/auth-emulator/accounts.json',
    exposed: false,
  });

  it('warns that tokens are unsigned and says how to turn it off', () => {
    expect(banner).toMatch(/DEMO MODE/);
    expect(banner).toMatch(/ID tokens are not signed/);
    expect(banner).toMatch(/anyone who can reach this server can sign in/);
    expect(banner).toMatch(/DEMO_MODE=false/);
    expect(banner).toMatch(/FIREBASE_PROJECT_ID/);
  });

  it('names the app, the emulator, the demo account and where identities are kept', () => {
    expect(banner).toContain('http://127.0.0.1:3000');
    expect(banner).toContain('http://127.0.0.1:9099');
    expect(banner).toContain('demo@expense-tracker.test / demo-password');
    expect(banner).toContain('/data/auth-emulator/accounts.json');
    expect(banner).not.toContain('DEMO_MODE_ALLOW_NON_LOOPBACK');
  });

  it('is a box of equal lines, and says so when demo mode is exposed beyond loopback', () => {
    const exposed = demoModeBanner({
      url: 'http://0.0.0.0:3000',
      emulatorUrl: 'http://127.0.0.1:9099',
      identitiesFile: null,
      exposed: true,
    });
    expect(exposed).toMatch(/DEMO_MODE_ALLOW_NON_LOOPBACK=true: listening beyond this machine/);
    expect(exposed).toMatch(/kept by the emulator you run/);
    const widths = new Set(exposed.split('\n').map((line) => line.length));
    expect(widths.size).toBe(1);
  });

  it('keeps the identities beside the embedded database', () => {
    expect(demoIdentitiesFile('./data')).toBe(path.join('data', 'auth-emulator', 'accounts.json'));
  });
});
