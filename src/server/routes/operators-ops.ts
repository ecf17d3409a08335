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
import { addOperator, disableOperator, resetOperator, type Enrolment } from '../operators/accounts.ts';
import { findOperatorByPhone, listOperators, type Operator } from '../repositories/operators.ts';
import { route } from '../route.ts';

function operatorAnswer(operator: Operator): v.InferOutput<typeof OperatorView> {
  const { phone, name, role, bootstrap } = operator;
  return { phone, name, role, bootstrap, disabled: operator.disabledAt !== null, createdAt: operator.createdAt.toISOString() };
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
    return enrolled(await addOperator(app.db, body, clock(), caller.operatorId));
  });

  route(app, endpoints.opsOperatorDisabled, async ({ params, caller }) => ({
    operator: operatorAnswer(await disableOperator(app.db, params.phone, clock(), caller.operatorId)),
  }));

  route(app, endpoints.opsOperatorReset, async ({ params, caller }) => enrolled(await resetOperator(app.db, params.phone, clock(), caller.operatorId)));
}
