/**
 * Crash test: the real built server under load is killed with SIGKILL at random moments and
 * restarted on the same database (PostgreSQL) or data directory (PGlite), while the clients keep
 * retrying unanswered requests with the same Idempotency-Key. At the end, after the last restart,
 * a sample of acknowledged keys is replayed (each must answer what it answered before), the
 * server stops, and the ledger is read directly:
 *
 *   ledger ⊇ acknowledged (no acknowledged write lost), balances = ledger sums, no negative
 *   balance, at most one row per key, no row for a refused key, and rows only for keys sent
 *   (a request cut off by a kill may have committed without an answer: that is allowed).
 *
 * On PostgreSQL the ledger is also read after each restart, while the load goes on, and the
 * invariants of any committed state are checked on it (`checkSnapshot`: balances = live
 * entries, history replays, transfer legs net to zero, split lines sum to their entry).
 */
import { HarnessRun, type HarnessResult } from './harness.js';
import { checkSnapshot } from './harness/invariants.js';
import {
  pgliteLedgerReader,
  postgresLedgerReader,
  type LedgerReader,
} from './harness/ledger-reader.js';
import { Random, randomSeed } from './harness/random.js';
import {
  ServerProcess,
  createFreshDataDir,
  createFreshDatabase,
  freePort,
  type Backend,
} from './server-process.js';

export interface CrashTestOptions {
  label: string;
  backend: 'postgres' | 'pglite';
  /** Where fresh PostgreSQL databases are created (postgres backend only). */
  testDatabaseUrl?: string;
  clients: number;
  durationMs: number;
  requestCap: number;
  kills: number;
  /** How many acknowledged keys are replayed after the last restart. */
  replayLimit: number;
  /** The least time the server serves load between a (re)start and the next kill. */
  minUptimeMs?: number;
  seed?: number;
}

interface KillRecord {
  at: number;
  inFlight: number;
  acknowledgedBefore: number;
  restartMs: number | null;
  error?: string;
  /** What `checkSnapshot` found on the ledger read just after the restart (PostgreSQL). */
  snapshotProblems?: string[];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function prepareBackend(options: CrashTestOptions, label: string) {
  if (options.backend === 'postgres') {
    if (!options.testDatabaseUrl)
      throw new Error('The PostgreSQL crash test needs TEST_DATABASE_URL');
    const database = await createFreshDatabase(options.testDatabaseUrl);
    const backend: Backend = { kind: 'postgres', databaseUrl: database.url };
    return {
      backend,
      reader: (): LedgerReader => postgresLedgerReader(database.url),
      // PostgreSQL can be read while the server runs (PGlite is single-process).
      liveReader: (): LedgerReader | undefined => postgresLedgerReader(database.url),
      where: `database ${database.name}`,
      cleanUp: (_keep: boolean) => database.drop(),
    };
  }
  const dir = createFreshDataDir(label);
  const backend: Backend = { kind: 'pglite', dataDir: dir.dataDir };
  return {
    backend,
    reader: (): LedgerReader => pgliteLedgerReader(dir.dataDir),
    liveReader: (): LedgerReader | undefined => undefined,
    where: `data directory ${dir.dataDir}`,
    // A data directory that lost writes is kept as evidence.
    cleanUp: async (keep: boolean) => {
      if (!keep) dir.remove();
    },
  };
}

/**
 * How long to wait before the next kill: the time left (minus a quiet tail where the load runs
 * undisturbed) shared among the kills left, at a random point of its share, but never less than
 * `minUptimeMs` after the last restart, so each life of the server does real work.
 */
function nextKillDelay(
  stopAt: number,
  killsLeft: number,
  rng: Random,
  options: { tailMs: number; minUptimeMs: number },
): number {
  const share = Math.max(0, stopAt - options.tailMs - Date.now()) / killsLeft;
  return Math.max(options.minUptimeMs, share * (0.3 + 0.6 * rng.next()));
}

/** The invariants of any committed state, on the ledger as it is now (the load goes on). */
async function checkLiveLedger(run: HarnessRun, reader: LedgerReader): Promise<string[]> {
  try {
    return checkSnapshot(
      await run.readLedger(reader),
      run.setup.accounts.map((a) => a.id),
    );
  } catch (error) {
    return [`could not read the ledger: ${error instanceof Error ? error.message : String(error)}`];
  }
}

export async function runCrashTest(options: CrashTestOptions): Promise<HarnessResult> {
  const seed = options.seed ?? randomSeed();
  const rng = new Random(seed ^ 0x5eed);
  const logLabel = `crash-${options.backend}`;
  const prepared = await prepareBackend(options, logLabel);
  const server = new ServerProcess({
    label: logLabel,
    backend: prepared.backend,
    port: await freePort(),
  });
  let keepEvidence = false;
  try {
    const firstStartMs = await server.start();
    const run = await HarnessRun.prepare({
      baseUrl: server.url,
      label: options.label,
      clients: options.clients,
      durationMs: options.durationMs,
      requestCap: options.requestCap,
      seed,
    });
    try {
      const kills: KillRecord[] = [];
      const stopAt = Date.now() + options.durationMs;
      const loading = run.runLoad();
      let serverUp = true;
      for (let k = 0; k < options.kills; k += 1) {
        await sleep(
          nextKillDelay(stopAt, options.kills - k, rng, {
            tailMs: options.durationMs * 0.15,
            minUptimeMs: options.minUptimeMs ?? 2_000,
          }),
        );
        const kill: KillRecord = {
          at: Date.now(),
          inFlight: run.load.inFlight,
          acknowledgedBefore: run.load.acknowledgedSoFar,
          restartMs: null,
        };
        kills.push(kill);
        await server.kill9();
        try {
          kill.restartMs = await server.start();
        } catch (error) {
          kill.error = error instanceof Error ? error.message : String(error);
          serverUp = false;
          run.load.stop();
          break;
        }
        const live = prepared.liveReader();
        if (live) kill.snapshotProblems = await checkLiveLedger(run, live);
      }
      // The last life of the server serves load too, not only the retries of the last kill.
      if (serverUp) run.load.extendUntil(Date.now() + options.durationMs * 0.15);
      await loading;

      const failedRestart = kills.find((k) => k.error);
      const restartFailure = failedRestart
        ? `the server did not come back after kill -9 #${kills.indexOf(failedRestart) + 1}: ${failedRestart.error}`
        : null;
      keepEvidence = restartFailure !== null;
      let replayed = 0;
      if (serverUp) replayed = await run.replayAcknowledged(options.replayLimit);
      await server.stop();

      const events = kills.map((k, i) => ({ at: k.at, label: `kill -9 #${i + 1}` }));
      let result: HarnessResult;
      try {
        result = await run.check({
          ledgerReader: prepared.reader(),
          crashMode: true,
          events,
          extra: {
            'kill -9 count': kills.length,
            'in flight at each kill': kills.map((k) => k.inFlight).join(', '),
            'acked before each kill': kills.map((k) => k.acknowledgedBefore).join(', '),
            'start / restart times (ms)': [
              firstStartMs,
              ...kills.map((k) => k.restartMs ?? 'FAILED'),
            ].join(', '),
            'acked keys replayed at end': replayed,
            'checked after each restart': kills.some((k) => k.snapshotProblems)
              ? kills.map((k) => (k.snapshotProblems?.length ? 'VIOLATED' : 'ok')).join(', ')
              : '-',
          },
        });
      } catch (error) {
        keepEvidence = true;
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(
          `${restartFailure ? `${restartFailure}; ` : ''}reading the ledger from ${prepared.where} failed: ${reason}`,
        );
      }
      result.notes.push(`Server log: ${server.logPath}`);
      if (restartFailure) result.violations.unshift(restartFailure);
      kills.forEach((k, i) => {
        for (const problem of k.snapshotProblems ?? []) {
          result.violations.push(`after restart #${i + 1}: ${problem}`);
        }
      });
      if (kills.length < options.kills) {
        result.violations.push(`only ${kills.length} of ${options.kills} kills happened`);
      }
      keepEvidence ||= result.figures.ledger.lostAcknowledged > 0;
      if (keepEvidence) {
        result.evidenceKept = prepared.where;
        result.notes.push(`Kept as evidence: ${prepared.where}`);
      }
      return result;
    } finally {
      run.close();
    }
  } finally {
    await server.stop();
    await prepared.cleanUp(keepEvidence);
  }
}
