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
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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
    mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, dumpFileName(now));
    if (existsSync(file)) throw new BackupRefused(`${file} exists already`);
    // Written under another name first: a half-written dump never bears a dump's name.
    writeFileSync(`${file}.partial`, Buffer.from(await tar.arrayBuffer()));
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
 * renamed (answered as `keptAside`), not deleted.
 */
export async function restorePglite(file: string, dataDir: string, { force = false, now }: { force?: boolean; now: Date }): Promise<{ keptAside: string | null }> {
  if (!existsSync(file)) throw new BackupRefused(`no such dump: ${file}`);
  const folder = pgliteFolderOf(dataDir);
  let keptAside: string | null = null;
  // Under the server's lock: a running server's folder is neither moved nor replaced.
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  try {
    if (existsSync(folder) && readdirSync(folder).length > 0) {
      if (!force) throw new BackupRefused(`${folder} holds a database already; restore into an empty DATA_DIR, or add --force to keep it aside and restore`);
      keptAside = `${folder}.before-restore-${now.toISOString().replaceAll(':', '-')}`;
      renameSync(folder, keptAside);
    }
  } finally {
    unlock();
  }
  const { client, database } = await openPgliteFolder(dataDir, { loadDataDir: new Blob([readFileSync(file)]) });
  try {
    // The restored database answers before it is called restored.
    await client.query('select 1');
  } finally {
    await database.close();
  }
  return { keptAside };
}
