/**
 * Starts the server: configuration, database (migrated and seeded), app,
 * listen. `node --import tsx src/server/server.ts` (npm run serve).
 */
import { buildApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seed } from './db/seed.ts';
import { DEMO_OPERATOR, DEMO_PROMOTION_CODE } from './db/seed-data.ts';
import { OperatorRefused } from './operators/accounts.ts';
import { writeEnrolmentFile } from './operators/show-enrolment.ts';
import { SHUTDOWN_GRACE_MS } from './policy.ts';

function stop(message: string): never {
  console.error(message);
  process.exit(1);
}

async function start(): Promise<void> {
  const config = loadConfigOrExit();

  const database = await openDatabase(config);
  let enrolment;
  try {
    // Several processes may start at once on one PostgreSQL: one migrates and seeds at a time.
    enrolment = await database.whileAlone(async () => {
      await database.migrate();
      return seed(database.db, config);
    });
  } catch (error) {
    if (error instanceof OperatorRefused) stop(`Invalid configuration: ${error.message}`);
    throw error;
  }
  const app = await buildApp({ config, db: database.db, locks: database.locks });

  // SIGTERM (docs/decisions/0148-operating-it.md): GET /readyz answers 503 at once; the chat's sockets are
  // closed under them so their clients reconnect (elsewhere, behind a balancer); the listener closes and
  // idle connections with it; requests in flight finish and get their answers (a request arriving on a
  // kept-alive connection meanwhile gets 503 and Connection: close); the jobs stop, waiting for a run
  // under way; Redis and the database pool close; the process exits 0.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.readiness.beginShutdown();
    app.log.info(`${signal}: shutting down`);
    // close() waits for requests in flight; a client that holds its request open (a trickled upload) must
    // not hold the process past a host's shutdown grace period.
    setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    try {
      await app.close();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    app.log.info(`${signal}: stopped`);
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(`Database: ${where}`);
  if (config.production) {
    console.log('Production mode (NODE_ENV=production): no demo member, no simulators');
  } else {
    console.log('Demo mode: simulators on, a demo member, secrets from the source code; not for real money (set NODE_ENV=production, see README "Production mode")');
    console.log(`Demo member: phone ${config.demo.phone}, password ${config.demo.password}`);
    console.log(`Demo admin (the operator console at /ops; no authenticator code in demo mode): phone ${DEMO_OPERATOR.phone}, password ${DEMO_OPERATOR.password}`);
    console.log(`Promotion code: ${DEMO_PROMOTION_CODE}`);
  }
  if (enrolment) {
    // Made in production only, whose standard output is often collected: the secret goes to a file only this user reads.
    console.log(`Bootstrap admin ${enrolment.phone}: its second factor's enrolment (made once) is in ${await writeEnrolmentFile(config.dataDir, enrolment)}, readable by this user only; delete it once scanned`);
  }
  // The address only: the key is never printed.
  console.log(config.slipVerifier ? `Slips: checked with the bank through EasySlip at ${config.slipVerifier.apiUrl}` : 'Slips: every slip waits for an operator (SLIP_VERIFIER unset)');
  console.log(`Open http://localhost:${config.port}`);
}

start().catch((error: unknown) => stop(`Server failed to start: ${error instanceof Error ? error.message : String(error)}`));
