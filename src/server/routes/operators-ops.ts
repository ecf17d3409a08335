/**
 * Operators, managed by an admin in the console
 * (docs/decisions/0124-operators-in-the-console.md): the same rules as the
 * ops commands (operators/accounts.ts), each change in the audit. A new or
 * reset operator's password and second factor are answered once (the
 * console shows the second factor as a QR code) and never logged.
 */
import type { FastifyInstance } from 'fastify';
import type * as v from 'valibot';
import { endpoints } from '../../contract/endpoints.ts';
import type { OperatorView } from '../../contract/ops.ts';
import { phoneError } from '../../contract/rules/members.ts';
import { ApiError } from '../errors.ts';
import { addOperator, disableOperator, OperatorRefused, resetOperator, type Enrolment } from '../operators/accounts.ts';
import { findOperatorByPhone, listOperators, type Operator } from '../repositories/operators.ts';
import { route } from '../route.ts';

function operatorAnswer(operator: Operator): v.InferOutput<typeof OperatorView> {
  const { phone, name, role, bootstrap } = operator;
  return { phone, name, role, bootstrap, disabled: operator.disabledAt !== null, createdAt: operator.createdAt.toISOString() };
}

/** A refusal of accounts.ts as its catalogue answer: 404 for no operator, 403 for one's own account, 409 otherwise. */
async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof OperatorRefused)) throw error;
    throw new ApiError(error.code === 'NO_DATA' ? 404 : error.code === 'OPERATOR_SELF' ? 403 : 409, error.code);
  }
}

export async function operatorOpsRoutes(app: FastifyInstance): Promise<void> {
  const { clock } = app;

  async function enrolled(enrolment: Enrolment) {
    const operator = await findOperatorByPhone(app.db, enrolment.phone);
    if (!operator) throw new Error(`operator ${enrolment.phone} vanished`);
    return { operator: operatorAnswer(operator), enrolment: { password: enrolment.password, totpUri: enrolment.totpUri } };
  }

  route(app, endpoints.opsOperators, async ({ db }) => ({ operators: (await listOperators(db)).map(operatorAnswer) }));

  route(app, endpoints.opsOperatorAdd, async ({ body, caller }) => {
    const phoneRefusal = phoneError(app.config.variant, body.phone);
    if (phoneRefusal) throw new ApiError(400, phoneRefusal);
    return enrolled(await answering(() => addOperator(app.db, body, clock(), caller.operatorId)));
  });

  route(app, endpoints.opsOperatorDisabled, async ({ params, caller }) => ({
    operator: operatorAnswer(await answering(() => disableOperator(app.db, params.phone, clock(), caller.operatorId))),
  }));

  route(app, endpoints.opsOperatorReset, async ({ params, caller }) => enrolled(await answering(() => resetOperator(app.db, params.phone, clock(), caller.operatorId))));
}
