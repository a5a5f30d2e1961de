import { createHash } from 'node:crypto';
import {
  importEmulatorUsers,
  listEmulatorUsers,
  type EmulatorUser,
} from './auth-emulator-accounts.js';
import type { IdentitySnapshotFile } from './identity-snapshot-file.js';

export interface IdentityKeeperLog {
  warn(message: string): void;
}

/** How often the emulator's accounts are compared with the file: the most a crash can lose. */
export const SNAPSHOT_EVERY_MS = 1000;

function fingerprint(users: readonly EmulatorUser[]): string {
  return createHash('sha256').update(JSON.stringify(users)).digest('hex');
}

/**
 * Keeps demo mode's sign-in identities across restarts (docs/security-hardening.md). The
 * embedded Auth emulator keeps its accounts in memory only; this copies them into the snapshot
 * file under DATA_DIR and back:
 * - restore(): at start, before the server listens, the saved accounts are imported into the
 *   fresh emulator with their uids, so every person (and the demo account) finds their data;
 * - then, every second, the accounts are listed and the file rewritten when they changed (a
 *   sign-up, a verification, a new provider sign-in happen between the browser and the
 *   emulator, out of the server's sight), so a crash of the server loses at most that second;
 * - stop(): one last snapshot at shutdown, before the emulator stops.
 */
export class DemoIdentityKeeper {
  private saved: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private warned = false;

  constructor(
    private readonly emulatorHost: string,
    private readonly projectId: string,
    private readonly file: IdentitySnapshotFile,
    private readonly log: IdentityKeeperLog,
  ) {}

  /** Imports the saved accounts into the (empty) emulator; returns how many there were. */
  async restore(): Promise<number> {
    const users = await this.file.read();
    if (users.length > 0) await importEmulatorUsers(this.emulatorHost, this.projectId, users);
    return users.length;
  }

  /** Saves the accounts when they differ from the last saved ones. Calls run one at a time. */
  snapshot(): Promise<void> {
    // One at a time, each after the previous one whatever its outcome.
    this.running = this.running
      .catch(() => {})
      .then(async () => {
        const users = await listEmulatorUsers(this.emulatorHost, this.projectId);
        const current = fingerprint(users);
        if (current === this.saved) return;
        await this.file.write(users);
        this.saved = current;
      });
    return this.running;
  }

  start(everyMs = SNAPSHOT_EVERY_MS): void {
    this.timer = setInterval(() => {
      this.snapshot().then(
        () => {
          this.warned = false;
        },
        (error: unknown) => {
          // Said once per run of failures, not every second.
          if (!this.warned) this.log.warn(`Could not save the demo identities: ${String(error)}`);
          this.warned = true;
        },
      );
    }, everyMs);
    this.timer.unref();
  }

  /** Stops the timer and saves one last time (the emulator must still be running). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.snapshot();
  }
}
