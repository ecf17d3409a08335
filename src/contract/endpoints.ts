/**
 * Every API call of spec section 7 this build serves: method, path, who may
 * call it, and the schemas of its body and answer. The server registers its
 * routes from this table and the SPA's client calls by name through it.
 */
import * as v from 'valibot';
import * as api from './api.ts';

export type Access = 'public' | 'member' | 'operator';

export interface Endpoint {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly access: Access;
  readonly body?: v.GenericSchema;
  readonly response: v.GenericSchema;
}

function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}

export const endpoints = {
  // lookups (spec 7)
  lookupBanks: endpoint({ method: 'GET', path: '/api/lookup/banks', access: 'public', response: api.BanksResponse }),
  lookupSources: endpoint({ method: 'GET', path: '/api/lookup/sources', access: 'public', response: api.SourcesResponse }),
  lookupRegisterOtp: endpoint({ method: 'GET', path: '/api/lookup/registerOTP', access: 'public', response: api.RegisterOtpResponse }),
  lookupInfo: endpoint({ method: 'GET', path: '/api/lookup/info', access: 'public', response: api.InfoResponse }),
  lookupContact: endpoint({ method: 'GET', path: '/api/lookup/contact', access: 'public', response: api.ContactResponse }),
  lookupConditions: endpoint({ method: 'GET', path: '/api/lookup/conditions', access: 'public', response: api.ConditionsResponse }),
  lookupAgreements: endpoint({ method: 'GET', path: '/api/lookup/agreements', access: 'public', response: api.AgreementsResponse }),
  lookupNotice: endpoint({ method: 'GET', path: '/api/lookup/notice', access: 'public', response: api.NoticeResponse }),
  lookupActive: endpoint({ method: 'GET', path: '/api/lookup/active', access: 'public', response: api.ActiveResponse }),
  lookupEnableChatWidget: endpoint({ method: 'GET', path: '/api/lookup/enableChatWidget', access: 'public', response: api.EnableChatWidgetResponse }),

  // session
  login: endpoint({ method: 'POST', path: '/api/login', access: 'public', body: api.LoginRequest, response: api.LoginResponse }),
  logout: endpoint({ method: 'POST', path: '/api/logout', access: 'member', response: api.MessageResponse }),

  // OTP
  otpSend: endpoint({ method: 'POST', path: '/api/otp/send', access: 'public', body: api.OtpSendRequest, response: api.OtpSendResponse }),
  otpVerify: endpoint({ method: 'POST', path: '/api/otp/verify', access: 'public', body: api.OtpVerifyRequest, response: api.OtpVerifyResponse }),

  // account
  accountValidate: endpoint({ method: 'POST', path: '/api/account/validate', access: 'public', body: api.RegistrationRequest, response: api.MessageResponse }),
  accountRegister: endpoint({ method: 'POST', path: '/api/account', access: 'public', body: api.RegistrationRequest, response: api.MessageResponse }),
  profileGet: endpoint({ method: 'GET', path: '/api/account/profile', access: 'member', response: api.ProfileResponse }),
  profileUpdate: endpoint({ method: 'PUT', path: '/api/account/profile', access: 'member', body: api.ProfileUpdateRequest, response: api.ProfileResponse }),
  bankAccountName: endpoint({ method: 'PUT', path: '/api/account/bankAccountName', access: 'member', body: api.BankAccountNameRequest, response: api.BankAccountNameResponse }),
  changePassword: endpoint({ method: 'PUT', path: '/api/account/changepwd', access: 'member', body: api.ChangePasswordRequest, response: api.MessageResponse }),
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type BodyOf<N extends EndpointName> = Endpoints[N] extends { body: infer B extends v.GenericSchema } ? v.InferInput<B> : undefined;
export type ResponseOf<N extends EndpointName> = v.InferOutput<Endpoints[N]['response']>;

/** spec 7: the fixed marker every API call carries. */
export const REQUESTED_WITH = 'XMLHttpRequest';
/** spec 9: HTTP timeout 60 s; uploads 300 s. */
export const HTTP_TIMEOUT_MS = 60_000;
export const UPLOAD_TIMEOUT_MS = 300_000;
