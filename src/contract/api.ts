/**
 * Request and response bodies of spec section 7, as valibot schemas. The SPA's
 * API client validates answers with them and the server validates requests
 * with them, so the two sides cannot drift.
 *
 * Request schemas check shape and size only; rules that produce a specific
 * catalogue code (phone length, English names, ...) live in rules.ts so the
 * server can answer with that code.
 */
import * as v from 'valibot';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './rules.ts';

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const requiredText = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max));

export const IsoDateTime = v.pipe(v.string(), v.isoTimestamp());

// ---------------------------------------------------------------- lookups

export const BankItem = v.object({ code: v.string(), nameTH: v.string(), nameEN: v.string() });
export const BanksResponse = v.object({ banks: v.array(BankItem) });

export const SourceItem = v.object({ code: v.string(), description: v.string() });
export const SourcesResponse = v.object({ sources: v.array(SourceItem) });

export const RegisterOtpResponse = v.object({ registerOTP: v.boolean() });
export const InfoResponse = v.object({ info: v.object({ name: v.string(), website: v.string() }) });
export const ContactResponse = v.object({
  contact: v.object({
    contactText: v.string(),
    lineLink: v.string(),
    lineName: v.string(),
    lineQR: v.string(),
  }),
});
/** HTML strings; the SPA sanitises them before rendering. */
export const ConditionsResponse = v.object({ conditions: v.array(v.string()) });
export const AgreementsResponse = v.object({ agreements: v.array(v.string()) });
export const NoticeResponse = v.object({ notice: v.nullable(v.string()) });
/** `status: 'gone'` means the service is terminated (spec 2, route guard). */
export const ActiveResponse = v.object({ isActive: v.boolean(), status: v.picklist(['active', 'gone']) });
export const EnableChatWidgetResponse = v.object({ enableChatWidget: v.boolean() });

// ---------------------------------------------------------------- session

export const LoginRequest = v.object({
  username: requiredText(32),
  password: v.pipe(v.string(), v.minLength(1), v.maxLength(PASSWORD_MAX_LENGTH)),
});
export const LoginResponse = v.object({ token: v.string() });

/** Plain acknowledgement: `{ message: 'SUCCESS' }` and the like. */
export const MessageResponse = v.object({ message: v.string() });

// ---------------------------------------------------------------- OTP

export const OtpSendRequest = v.object({ phoneNumber: requiredText(20) });
/** `code` is a status (SUCCESS, OTP_VERIFIED), never the OTP itself. */
export const OtpSendResponse = v.object({ otpRef: v.string(), otpToken: v.string(), code: v.string() });
export const OtpVerifyRequest = v.object({
  otpToken: requiredText(200),
  otpCode: v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, 'OTP_CODE_INVALID')),
});
export const OtpVerifyResponse = v.object({ code: v.string() });

// ---------------------------------------------------------------- account

/** spec 3: registration payload, sent to /api/account/validate and /api/account. */
export const RegistrationRequest = v.object({
  name: requiredText(NAME_MAX_LENGTH),
  username: requiredText(20),
  password: v.pipe(v.string(), v.minLength(1), v.maxLength(PASSWORD_MAX_LENGTH)),
  sourceCode: v.optional(text(50), ''),
  inviteCode: v.optional(text(40), ''),
  bankCode: v.optional(text(20), ''),
  bankAccountName: v.optional(text(NAME_MAX_LENGTH * 2 + 1), ''),
  bankAccountNo: v.optional(text(30), ''),
  currency: v.optional(v.union([v.literal(''), v.picklist(['LAK', 'BAHT'])]), ''),
});
export type RegistrationRequest = v.InferOutput<typeof RegistrationRequest>;

export const BankAccount = v.object({
  bankCode: v.string(),
  bankAccountName: v.string(),
  bankAccountNo: v.string(),
  currency: v.string(),
  bank: v.object({ nameTH: v.string(), nameEN: v.string() }),
});

export const Profile = v.object({
  _id: v.string(),
  username: v.string(),
  name: v.string(),
  createdAt: IsoDateTime,
  coin: v.number(),
  role: v.picklist(['member', 'operator']),
});

export const ProfileResponse = v.object({ profile: Profile, bankAccount: v.nullable(BankAccount) });

export const ProfileUpdateRequest = v.object({
  name: requiredText(NAME_MAX_LENGTH),
  bankCode: v.optional(text(20)),
  bankAccountName: v.optional(text(NAME_MAX_LENGTH * 2 + 1)),
  bankAccountNo: v.optional(text(30)),
});

export const BankAccountNameRequest = v.object({
  bankCode: requiredText(20),
  bankAccountName: requiredText(NAME_MAX_LENGTH * 2 + 1),
});
export const BankAccountNameResponse = v.object({ bankAccount: BankAccount });

export const ChangePasswordRequest = v.object({
  oldPassword: v.pipe(v.string(), v.minLength(1), v.maxLength(PASSWORD_MAX_LENGTH)),
  newPassword: v.pipe(v.string(), v.minLength(1), v.maxLength(PASSWORD_MAX_LENGTH)),
});

export type Output<S extends v.GenericSchema> = v.InferOutput<S>;
export type Input<S extends v.GenericSchema> = v.InferInput<S>;
