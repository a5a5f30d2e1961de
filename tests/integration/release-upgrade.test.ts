import { cp, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { splitCsv } from '../../src/server/features/import/csv-split.js';
import { migrationsDir } from '../../src/server/lib/paths.js';
import { ledgerViolations } from '../helpers/ledger-invariants.js';
import {
  dumpTables,
  firstCsvDifference,
  firstDifference,
  loadTables,
  type ReleaseFixture,
} from '../helpers/release-fixture.js';
import { fillBook } from '../helpers/restore-fixtures.js';
import { restData } from '../helpers/set-up-steps.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { openTestDatabase } from '../helpers/test-database.js';

/**
 * Upgrading a release's database (docs/testing.md#upgrading-a-release): the rows an earlier
 * release wrote, loaded into a database migrated as far as that release, then this release's
 * migrations over them. Every read that release answered must still answer everything it said:
 * every balance, every figure, every field (new fields may join). The fixtures are frozen by
 * scripts/capture-release-fixture.ts when a release is cut.
 */
const FIXTURES = path.join(import.meta.dirname, '../fixtures/releases');
const fixtureFiles = (await readdir(FIXTURES)).filter((name) => name.endsWith('.json')).sort();

describe.each(fixtureFiles)('upgrading the database of release %s', (file) => {
  let fixture: ReleaseFixture;
  let t: TestApp | undefined;
  let releaseDir: string | undefined;

  beforeAll(async () => {
    fixture = JSON.parse(await readFile(path.join(FIXTURES, file), 'utf8')) as ReleaseFixture;
    releaseDir = await mkdtemp(path.join(os.tmpdir(), 'et-release-migrations-'));
    const releaseMigrations = (await readdir(migrationsDir)).filter(
      (name) => name.endsWith('.sql') && name <= `${fixture.lastMigration}.sql`,
    );
    expect(releaseMigrations).toContain(`${fixture.lastMigration}.sql`);
    for (const name of releaseMigrations) {
      await cp(path.join(migrationsDir, name), path.join(releaseDir, name));
    }
    const database = await openTestDatabase({ empty: true });
    await migrateToLatest(database, releaseDir);
    await loadTables(database.db, fixture.tables);
    await migrateToLatest(database);
    const capturedAt = new Date(fixture.capturedAt);
    t = await createTestApp({ database, clock: () => capturedAt });
  }, 120_000);

  const app = () => {
    if (!t) throw new Error('The upgraded app did not start');
    return t;
  };

  afterAll(async () => {
    await t?.close();
    if (releaseDir) await rm(releaseDir, { recursive: true, force: true });
  });

  it('keeps every balance equal to the sum of its ledger', async () => {
    expect(await ledgerViolations(app().database.db)).toEqual([]);
  });

  it('answers every read the release answered with everything it said', async () => {
    const differences: string[] = [];
    for (const answer of fixture.answers) {
      const token = fixture.tokens[answer.as];
      const res = await app().app.inject({
        method: 'GET',
        url: answer.url,
        headers: { authorization: `Bearer ${token}` },
      });
      const where = `${answer.as} GET ${answer.url}`;
      if (res.statusCode !== answer.status) {
        differences.push(`${where}: status ${answer.status}, now ${res.statusCode}`);
        continue;
      }
      const found = answer.contentType.startsWith('text/csv')
        ? firstCsvDifference(csvRows(answer.body), csvRows(res.body))
        : firstDifference(JSON.parse(answer.body), res.json());
      if (found) differences.push(`${where}: ${found}`);
    }
    expect(differences).toEqual([]);
    expect(fixture.answers.length).toBeGreaterThan(50);
  });
});

function csvRows(text: string): string[][] {
  return splitCsv(text.replace(/^\uFEFF/, ''), ',').map((record) => record.cells);
}

describe('freezing and loading rows', () => {
  it('loads back exactly what it dumped, generated and identity columns included', async () => {
    const source = await createTestApp();
    const target = await openTestDatabase();
    try {
      const user = await source.signUp();
      await fillBook(source, user);
      await restData(source, user, 'POST', '/api/rates', {
        base: 'EUR',
        quote: 'USD',
        day: '2026-01-05',
        rate: '1.0823',
      });
      const dumped = await dumpTables(source.database.db);
      expect(dumped.exchange_rates).toHaveLength(1);
      // A test database comes migrated (on both backends): this finds nothing to do.
      await migrateToLatest(target);
      await loadTables(target.db, dumped);
      expect(await dumpTables(target.db)).toEqual(dumped);
    } finally {
      await source.close();
      await target.close();
    }
  });
});

describe('comparing a release answer with a later one', () => {
  it('allows new fields and nothing else', () => {
    const before = { data: [{ id: 'a', balance: 12.5, tags: ['x'] }] };
    expect(firstDifference(before, { data: [{ id: 'a', balance: 12.5, tags: ['x'], c: 1 }] })).toBe(
      null,
    );
    expect(firstDifference(before, { data: [{ id: 'a', balance: 12.51, tags: ['x'] }] })).toBe(
      '$.data[0].balance: was 12.5, now 12.51',
    );
    expect(firstDifference(before, { data: [{ id: 'a', tags: ['x'] }] })).toBe(
      '$.data[0].balance: gone',
    );
    expect(firstDifference(before, { data: [] })).toBe('$.data: had 1 items, now 0');
    expect(firstDifference(before, { data: [{ id: 'a', balance: 12.5, tags: 'x' }] })).toBe(
      '$.data[0].tags: was an array',
    );
  });

  it('allows new and moved CSV columns, not a changed cell', () => {
    const before = [
      ['date', 'amount'],
      ['2026-01-01', '-5.00'],
    ];
    expect(
      firstCsvDifference(before, [
        ['currency', 'amount', 'date'],
        ['USD', '-5.00', '2026-01-01'],
      ]),
    ).toBe(null);
    expect(
      firstCsvDifference(before, [
        ['date', 'amount'],
        ['2026-01-01', '-500'],
      ]),
    ).toBe('row 1, amount: was -5.00, now -500');
    expect(firstCsvDifference(before, [['date']])).toBe('had 1 rows, now 0');
  });
});
