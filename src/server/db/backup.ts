/**
 * Backups of the embedded database (README, "Backups"): `npm run db:dump`
 * writes PGlite's data folder as one gzipped tar named by its time,
 * `npm run db:restore` makes a data folder of such a file. PostgreSQL's are
 * pg_dump's and pg_restore's (the README gives the commands).
 *
 * Both open the folder as the server does, under its lock file: a running
 * server's folder is refused (stop it first). A dump is PGlite's own
 * (its PostgreSQL major version and PGlite's): it restores into the same
 * PGlite, not into another PostgreSQL.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { lockDataDir, openPgliteFolder, pgliteFolderOf } from './client.ts';

/** The name of a dump taken at `now`: sortable, no characters a file system minds. */
export function dumpFileName(now: Date): string {
  return `wallet-pglite-${now.toISOString().replaceAll(':', '-').replace(/\.\d{3}Z$/, 'Z')}.tar.gz`;
}

/** Dumps DATA_DIR's database into `outDir`; answers the file written. */
export async function dumpPglite(dataDir: string, outDir: string, now: Date): Promise<string> {
  if (!existsSync(path.join(pgliteFolderOf(dataDir), 'PG_VERSION'))) throw new BackupRefused(`no PGlite database in ${dataDir}: nothing to dump`);
  const { client, database } = await openPgliteFolder(dataDir);
  try {
    // What shared buffers hold goes to the files first; the dump is then the files as they are.
    await client.exec('checkpoint');
    const tar = await client.dumpDataDir('gzip');
    // The whole ledger is in it: readable by this user only.
    mkdirSync(outDir, { recursive: true, mode: 0o700 });
    const file = path.join(outDir, dumpFileName(now));
    if (existsSync(file)) throw new BackupRefused(`${file} exists already`);
    // Written under another name first: a half-written dump never bears a dump's name. A new file
    // only ('wx'): a name already there, a link planted to another file included, is refused.
    writeFileSync(`${file}.partial`, Buffer.from(await tar.arrayBuffer()), { flag: 'wx', mode: 0o600 });
    renameSync(`${file}.partial`, file);
    return file;
  } finally {
    await database.close();
  }
}

/** Why a dump or restore was not done (the scripts print it and exit 1). */
export class BackupRefused extends Error {}

/**
 * Makes DATA_DIR's database of the dump `file`. Refused when DATA_DIR
 * holds a database, unless `force`: the old folder is then kept beside it,
 * renamed (answered as `keptAside`), not deleted. The dump is loaded into
 * a folder of its own first and moved into place only once it answers: a
 * dump that does not load leaves DATA_DIR as it was.
 */
export async function restorePglite(file: string, dataDir: string, { force = false, now }: { force?: boolean; now: Date }): Promise<{ keptAside: string | null }> {
  if (!existsSync(file)) throw new BackupRefused(`no such dump: ${file}`);
  const folder = pgliteFolderOf(dataDir);
  const holdsDatabase = () => existsSync(folder) && readdirSync(folder).length > 0;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Under the server's lock: a running server's folder is neither moved nor replaced (asked first, and again at the move).
  lockDataDir(dataDir)();
  if (holdsDatabase() && !force) throw new BackupRefused(`${folder} holds a database already; restore into an empty DATA_DIR, or add --force to keep it aside and restore`);
  const staging = mkdtempSync(path.join(dataDir, '.restoring-'));
  try {
    const { client, database } = await openPgliteFolder(staging, { loadDataDir: new Blob([readFileSync(file)]) });
    try {
      // The restored database answers before it is called restored.
      await client.query('select 1');
    } finally {
      await database.close();
    }
    const unlock = lockDataDir(dataDir);
    try {
      let keptAside: string | null = null;
      if (holdsDatabase()) {
        keptAside = `${folder}.before-restore-${now.toISOString().replaceAll(':', '-')}`;
        renameSync(folder, keptAside);
      } else {
        rmSync(folder, { recursive: true, force: true });
      }
      renameSync(pgliteFolderOf(staging), folder);
      return { keptAside };
    } finally {
      unlock();
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
