import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { EmulatorUser } from './auth-emulator-accounts.js';

/** What the file holds: the emulator's accounts as it lists them, and where they came from. */
interface SnapshotFile {
  format: typeof FORMAT;
  version: 1;
  projectId: string;
  savedAt: string;
  users: EmulatorUser[];
}

const FORMAT = 'expense-tracker/auth-emulator-accounts';
const TEMP_PREFIX = '.tmp-';

export class SnapshotFileError extends Error {}

/** fsync of a directory, so a rename in it survives a power cut; not possible everywhere. */
async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Windows cannot open a directory; the rename is still atomic there.
  }
}

function isEmulatorUser(value: unknown): value is EmulatorUser {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { localId?: unknown }).localId === 'string'
  );
}

/**
 * The demo identities file (DATA_DIR/auth-emulator/accounts.json). Written only whole: to a
 * temporary file in the same directory, flushed to disk, then renamed over the old one, so a
 * crash at any moment leaves either the previous snapshot or the new one, never half of one.
 */
export class IdentitySnapshotFile {
  constructor(
    readonly file: string,
    private readonly projectId: string,
  ) {}

  /**
   * The saved accounts; an empty list when nothing was saved yet. Left-over temporary files of
   * a write cut short are removed. A file that cannot be read as a snapshot stops the start: the
   * identities in it are not thrown away silently.
   */
  async read(): Promise<EmulatorUser[]> {
    const dir = path.dirname(this.file);
    await mkdir(dir, { recursive: true });
    const base = path.basename(this.file);
    for (const name of await readdir(dir)) {
      if (name.startsWith(`${base}${TEMP_PREFIX}`)) await rm(path.join(dir, name), { force: true });
    }
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    let parsed: Partial<SnapshotFile>;
    try {
      parsed = JSON.parse(text) as Partial<SnapshotFile>;
    } catch {
      throw this.unreadable('it is not valid JSON');
    }
    if (parsed.format !== FORMAT || parsed.version !== 1 || !Array.isArray(parsed.users)) {
      throw this.unreadable(`it is not a ${FORMAT} version 1 file`);
    }
    if (parsed.projectId !== this.projectId) {
      throw this.unreadable(`it holds project ${parsed.projectId}, not ${this.projectId}`);
    }
    if (!parsed.users.every(isEmulatorUser)) {
      throw this.unreadable('an account in it has no localId');
    }
    return parsed.users;
  }

  /** Replaces the snapshot with these accounts, atomically. */
  async write(users: readonly EmulatorUser[]): Promise<void> {
    const dir = path.dirname(this.file);
    await mkdir(dir, { recursive: true });
    const content: SnapshotFile = {
      format: FORMAT,
      version: 1,
      projectId: this.projectId,
      savedAt: new Date().toISOString(),
      users: [...users],
    };
    const temp = `${this.file}${TEMP_PREFIX}${process.pid}-${randomBytes(6).toString('hex')}`;
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(content, null, 2)}\n`, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(temp, this.file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    await syncDirectory(dir);
  }

  private unreadable(reason: string): SnapshotFileError {
    return new SnapshotFileError(
      `Demo mode cannot read its saved sign-in identities in ${this.file}: ${reason}. ` +
        'Move the file away to start with only the demo account (people who signed up ' +
        'before will not be able to sign in), or restore it from a backup.',
    );
  }
}
