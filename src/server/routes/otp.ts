/**
 * Phone verification before registration (auth/phone-verification.ts):
 * send a 6-digit code by SMS, then check it.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { phoneError } from '../../contract/rules/members.ts';
import { sendOtp, verifyOtp } from '../auth/phone-verification.ts';
import { ApiError } from '../errors.ts';
import { languageOf } from '../language.ts';
import { route } from '../route.ts';

export async function otpRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, config, sms, limits } = app;

  route(app, endpoints.otpSend, async ({ body, request }) => {
    const phoneProblem = phoneError(config.variant, body.phoneNumber);
    if (phoneProblem) throw new ApiError(400, phoneProblem);
    const context = { limits, now: clock(), ip: request.ip, sms, language: languageOf(request), log: request.log };
    return sendOtp(db, context, body.phoneNumber, body.otpToken);
  });

  route(app, endpoints.otpVerify, async ({ body, request }) => {
    await verifyOtp(db, { limits, now: clock(), ip: request.ip }, body.otpToken, body.otpCode);
    return { code: 'OTP_VERIFIED' };
  });
}
