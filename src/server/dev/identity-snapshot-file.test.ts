import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IdentitySnapshotFile, SnapshotFileError } from './identity-snapshot-file.js';

const alice = { localId: 'uid-alice', email: 'alice@example.com', passwordHash: 'fakeHash:x' };
const bob = { localId: 'uid-bob', email: 'bob@example.com', emailVerified: true };

describe('IdentitySnapshotFile', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'et-identities-'));
    file = path.join(dir, 'auth-emulator', 'accounts.json');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('reads nothing before the first write, then exactly what was written', async () => {
    const snapshot = new IdentitySnapshotFile(file, 'demo-project');
    expect(await snapshot.read()).toEqual([]);
    await snapshot.write([alice, bob]);
    expect(await snapshot.read()).toEqual([alice, bob]);
    await snapshot.write([bob]);
    expect(await new IdentitySnapshotFile(file, 'demo-project').read()).toEqual([bob]);
    expect(await readdir(path.dirname(file))).toEqual(['accounts.json']);
  });

  it('survives a write cut short: the old snapshot stays, the partial temp file is removed', async () => {
    const snapshot = new IdentitySnapshotFile(file, 'demo-project');
    await snapshot.write([alice]);
    // What a kill -9 in the middle of a write leaves behind: a half-written temp file.
    const partial = `${file}.tmp-12345-1`;
    await writeFile(partial, '{"format":"expense-tracker/auth-emulator-accounts","users":[{"lo');
    expect(await snapshot.read()).toEqual([alice]);
    expect(await readdir(path.dirname(file))).toEqual(['accounts.json']);
  });

  it('many writes racing still leave one whole, valid file', async () => {
    const snapshot = new IdentitySnapshotFile(file, 'demo-project');
    const states = Array.from({ length: 20 }, (_, i) =>
      Array.from({ length: i + 1 }, (_, j) => ({ localId: `uid-${j}`, email: `u${j}@x.test` })),
    );
    await Promise.all(states.map((users) => snapshot.write(users)));
    const users = await snapshot.read();
    expect(states).toContainEqual(users);
    const written = JSON.parse(await readFile(file, 'utf8')) as { format: string };
    expect(written.format).toBe('expense-tracker/auth-emulator-accounts');
  });

  it('refuses, naming the file, a snapshot it cannot trust instead of dropping the identities', async () => {
    const snapshot = new IdentitySnapshotFile(file, 'demo-project');
    await snapshot.write([alice]);
    const cases: [string, RegExp][] = [
      ['{"users": [', /not valid JSON/],
      ['{"format":"something-else","version":1,"users":[]}', /not a .* version 1 file/],
      [
        '{"format":"expense-tracker/auth-emulator-accounts","version":1,"projectId":"other","users":[]}',
        /holds project other, not demo-project/,
      ],
      [
        '{"format":"expense-tracker/auth-emulator-accounts","version":1,"projectId":"demo-project","users":[{"email":"x"}]}',
        /an account in it has no localId/,
      ],
    ];
    for (const [content, reason] of cases) {
      await writeFile(file, content);
      const error = await snapshot.read().catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(SnapshotFileError);
      expect((error as Error).message).toContain(file);
      expect((error as Error).message).toMatch(reason);
    }
  });
});
