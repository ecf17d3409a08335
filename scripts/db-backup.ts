/**
 * Backups of the embedded database, from the server's own machine (README, "Backups"):
 *
 *   npm run db:dump [-- --out <folder>]        DATA_DIR's database into <folder> (default backups/),
 *                                              as wallet-pglite-<UTC time>.tar.gz
 *   npm run db:restore -- <file> [--force]     a dump into DATA_DIR; refused when DATA_DIR holds a
 *                                              database, unless --force (the old one is kept aside)
 *
 * Stop the server first: PGlite's folder is one process's (the lock file
 * refuses a second). With DATABASE_URL, PostgreSQL's own pg_dump and
 * pg_restore do this (the README gives the commands).
 */
import path from 'node:path';
import { loadConfigOrExit } from '../src/server/config.ts';
import { BackupRefused, dumpPglite, restorePglite } from '../src/server/db/backup.ts';

const USAGE = `usage: npm run db:dump [-- --out <folder>]
       npm run db:restore -- <dump file> [--force]`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const [command, ...args] = process.argv.slice(2);
const config = loadConfigOrExit();
if (config.databaseUrl) {
  fail('DATABASE_URL names a PostgreSQL database: back it up with pg_dump -Fc and restore it with pg_restore (README, "Backups").');
}

try {
  if (command === 'dump') {
    const out = args[0] === '--out' && args[1] && args.length === 2 ? args[1] : args.length === 0 ? 'backups' : fail(USAGE);
    const file = await dumpPglite(config.dataDir, path.resolve(out), new Date());
    console.log(`Dumped ${config.dataDir} into ${file}`);
  } else if (command === 'restore') {
    const force = args.includes('--force');
    const files = args.filter((arg) => arg !== '--force');
    if (files.length !== 1) fail(USAGE);
    const { keptAside } = await restorePglite(path.resolve(files[0]!), config.dataDir, { force, now: new Date() });
    console.log(`Restored ${files[0]} into ${config.dataDir}${keptAside ? `; the database it held is kept in ${keptAside}` : ''}. The server migrates it when it starts.`);
  } else {
    fail(USAGE);
  }
} catch (error) {
  if (error instanceof BackupRefused || (error instanceof Error && / is in use by process /.test(error.message))) fail(error.message);
  throw error;
}
