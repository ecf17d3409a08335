/**
 * `npm run games:sync`: reads the aggregator's games list into the games
 * table now (games/hub88/sync.ts), as the server's daily job does. It uses
 * the server's environment (GAME_AGGREGATOR=hub88 and the HUB88_*
 * variables, DATABASE_URL or DATA_DIR); PGlite's folder can be open in one
 * process only, so stop a server on PGlite first (or let it sync at start).
 */
import { loadConfigOrExit } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { hub88Client } from '../src/server/games/hub88/client.ts';
import { syncHub88Games } from '../src/server/games/hub88/sync.ts';

function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

const config = loadConfigOrExit();
if (!config.hub88) fail('games:sync needs GAME_AGGREGATOR=hub88 (no aggregator is switched on)');

const log = {
  warn: (fields: object, message: string) => console.warn(message, JSON.stringify(fields)),
  info: (fields: object, message: string) => console.log(message, JSON.stringify(fields)),
};
const database = await openDatabase(config);
try {
  await database.migrate();
  const result = await syncHub88Games(database.db, hub88Client(config.hub88, { clock: () => new Date(), log }), log);
  console.log(`Hub88 listed ${result.listed} games: ${result.offered} offered, ${result.skipped.length} skipped, ${result.withdrawn} no longer offered.`);
} catch (error) {
  fail(`games:sync failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await database.close();
}
