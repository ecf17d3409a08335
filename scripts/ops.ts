/**
 * Operator accounts, from the server's own machine (README, "Operators"):
 *
 *   npm run ops:add -- <phone> <role> [name]   a new operator: prints its password and second factor
 *   npm run ops:disable -- <phone>             takes its rights away; its sessions end at once
 *   npm run ops:reset -- <phone>               a new password and second factor; its sessions end
 *
 * Roles: admin, finance, support, marketing. It opens the database the
 * server's environment names (DATABASE_URL, or PGlite in DATA_DIR, which
 * only one process may open: stop the server first).
 */
import { OPERATOR_ROLES, type OperatorRole } from '../src/contract/api.ts';
import { phoneError } from '../src/contract/rules/members.ts';
import { loadConfigOrExit } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { addOperator, disableOperator, OperatorRefused, resetOperator } from '../src/server/operators/accounts.ts';
import { enrolmentText } from '../src/server/operators/show-enrolment.ts';

const USAGE = `usage: npm run ops:add -- <phone> <${OPERATOR_ROLES.join('|')}> [name]
       npm run ops:disable -- <phone>
       npm run ops:reset -- <phone>`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const [command, phone, ...rest] = process.argv.slice(2);
if (command === undefined || phone === undefined) fail(USAGE);

const config = loadConfigOrExit();
if (phoneError(config.variant, phone) !== null) fail(`not a phone number of this build (VARIANT=${config.variant}): ${phone}`);

let database;
try {
  database = await openDatabase(config);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
try {
  await database.migrate();
  const now = new Date();
  if (command === 'add') {
    const [role, ...name] = rest;
    if (!OPERATOR_ROLES.includes(role as OperatorRole)) fail(USAGE);
    console.log(await enrolmentText(await addOperator(database.db, { phone, role: role as OperatorRole, name: name.join(' ') || phone }, now)));
  } else if (command === 'disable' && rest.length === 0) {
    await disableOperator(database.db, phone, now);
    console.log(`Operator ${phone} is disabled; its sessions have ended.`);
  } else if (command === 'reset' && rest.length === 0) {
    console.log(await enrolmentText(await resetOperator(database.db, phone, now)));
  } else {
    fail(USAGE);
  }
} catch (error) {
  if (error instanceof OperatorRefused) fail(error.message);
  throw error;
} finally {
  await database.close();
}
