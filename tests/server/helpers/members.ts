/** Members made through the API, as the SPA makes them. */
import type * as v from 'valibot';
import { expect } from 'vitest';
import type { RegistrationRequest } from '../../../src/contract/api.ts';
import { endpoints } from '../../../src/contract/endpoints.ts';
import { getSetting } from '../../../src/server/repositories/settings.ts';
import type { TestApp } from './app.ts';
import { call, type CallOptions } from './http.ts';

export type RegistrationBody = Required<v.InferInput<typeof RegistrationRequest>>;

let serial = 0;

/** A Thai phone number no other call in this file has used. */
export function newPhone(): string {
  serial += 1;
  return `09${String(serial).padStart(8, '0')}`;
}

/** A valid registration for a fresh phone and bank account. */
export function registrationBody(overrides: Partial<RegistrationBody> = {}): RegistrationBody {
  serial += 1;
  return {
    name: 'Somsak Rakdee',
    username: newPhone(),
    password: 'secret-pass-1',
    sourceCode: 'facebook',
    inviteCode: '',
    bankCode: 'SCB',
    bankAccountName: 'SOMSAK RAKDEE',
    bankAccountNo: `40${String(serial).padStart(8, '0')}`,
    currency: '',
    otpToken: '',
    ...overrides,
  };
}

/** Sends an OTP to the phone and enters the code the SMS carried; answers the verified otpToken, the proof registration takes. */
export async function verifyPhone(t: TestApp, phone: string, options: CallOptions = {}): Promise<string> {
  const sent = await call(t.app, endpoints.otpSend, { phoneNumber: phone }, options);
  expect(sent.statusCode, sent.body).toBe(200);
  const otpToken: string = sent.json().otpToken;
  const verified = await call(t.app, endpoints.otpVerify, { otpToken, otpCode: t.sms.lastCodeFor(phone) });
  expect(verified.json()).toEqual({ code: 'OTP_VERIFIED' });
  return otpToken;
}

export interface Member {
  phone: string;
  password: string;
  body: RegistrationBody;
}

/** Registers through the API, verifying the phone first when registerOTP is on. */
export async function registerMember(t: TestApp, overrides: Partial<RegistrationBody> = {}): Promise<Member> {
  const body = registrationBody(overrides);
  if (await getSetting(t.db, 'registerOTP')) body.otpToken = await verifyPhone(t, body.username);
  const response = await call(t.app, endpoints.accountRegister, body);
  expect(response.statusCode, response.body).toBe(200);
  return { phone: body.username, password: body.password, body };
}

export async function login(t: TestApp, phone: string, password: string): Promise<string> {
  const response = await call(t.app, endpoints.login, { username: phone, password });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token;
}

/** A registered member with a live token. */
export async function signedInMember(t: TestApp, overrides: Partial<RegistrationBody> = {}): Promise<Member & { token: string }> {
  const member = await registerMember(t, overrides);
  return { ...member, token: await login(t, member.phone, member.password) };
}
