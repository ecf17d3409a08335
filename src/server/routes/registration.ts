/**
 * Registration (spec 3 and 5): /api/account/validate checks what the SPA's
 * profile step has, /api/account registers (members/registration.ts owns
 * the rules, the transaction and the conflicts).
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { checkRegistration, registerMember } from '../members/registration.ts';
import { route } from '../route.ts';

export async function registrationRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, config, limits } = app;

  // Both answer EXISTING_USER and EXISTING_BANK: counted per address, so they are no free oracle of who is a member.
  route(app, endpoints.accountValidate, async ({ body }) => {
    await checkRegistration(db, { variant: config.variant, now: clock() }, body);
    return { message: 'SUCCESS' };
  }, {
    before: async ({ request }) => {
      await limits.countAddress('validations', request.ip, clock());
    },
  });

  route(app, endpoints.accountRegister, async ({ body }) => {
    await registerMember(db, { variant: config.variant, now: clock() }, body);
    return { message: 'SUCCESS' };
  }, {
    before: async ({ request }) => {
      await limits.countAddress('registrations', request.ip, clock());
    },
  });
}
