/**
 * Every API call of spec section 7 this build serves: method, path, who may
 * call it, and the schemas of its body and answer. The server registers its
 * routes from this table and the SPA's client calls by name through it.
 */
import * as v from 'valibot';
import * as api from './api.ts';
import * as bonus from './bonus.ts';
import * as chat from './chat.ts';
import * as common from './common.ts';
import * as deposit from './deposit.ts';
import * as gamesOps from './games-ops.ts';
import * as ops from './ops.ts';
import * as opsMembers from './ops-members.ts';
import * as rewards from './rewards.ts';

/**
 * Who may call: anyone, a member, an operator (of the endpoint's `roles`),
 * either kind of signed-in caller (logout), or a chat customer: a member by
 * bearer token or a guest by signed guest token (chat.ts GUEST_TOKEN_HEADER).
 */
export type Access = 'public' | 'member' | 'operator' | 'signedIn' | 'chat';

export interface Endpoint {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly access: Access;
  readonly body?: v.GenericSchema;
  /** Path parameters (`:name` segments of `path`), checked with this schema. */
  readonly params?: v.GenericSchema;
  /** Query string, checked with this schema. */
  readonly query?: v.GenericSchema;
  /**
   * A money-moving call: it takes an `Idempotency-Key` header. Replaying a key
   * returns the first answer and moves nothing; the same key with another
   * body is refused (409 KEY_INVALID). Whatever the method: the rewards'
   * GETs the spec fixes (invite bonus, refund receive) pay into the wallet
   * too. The SPA always sends a key; without one the server runs the call
   * once, plainly (other clients).
   */
  readonly idempotent?: true;
  /** The body's texts may hold line breaks and tabs (chat messages); every other body refuses control characters. */
  readonly multiline?: true;
  /** Operator endpoints: the roles that may call it; admin always may. */
  readonly roles?: readonly api.OperatorRole[];
  readonly response: v.GenericSchema;
}

/** An operator endpoint must name its roles (admin always may): the type refuses one without. */
function endpoint<const E extends Endpoint>(e: E & (E['access'] extends 'operator' ? { roles: readonly api.OperatorRole[] } : unknown)): E {
  return e;
}

const gameParams = v.object({ gameCode: api.GameCode });
const autoLoginParams = v.object({ provider: api.AccountName, username: v.pipe(v.string(), v.maxLength(80)) });
const autoLoginWithPasswordParams = v.object({ ...autoLoginParams.entries, password: v.pipe(v.string(), v.maxLength(200)) });
const idParams = v.object({ id: v.pipe(v.string(), v.regex(common.RECORD_ID, 'NO_DATA')) });
const memberParams = v.object({ username: v.pipe(v.string(), v.regex(/^\d{8,13}$/, 'NO_USER')) });

/** Keys are opaque to the server; this bounds their size. */
export const IdempotencyKey = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'KEY_INVALID'));
const keyParams = v.object({ key: IdempotencyKey });

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
  logout: endpoint({ method: 'POST', path: '/api/logout', access: 'signedIn', response: api.MessageResponse }),

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

  // wallet and games (spec 7)
  lookupWithdraw: endpoint({ method: 'GET', path: '/api/lookup/withdraw', access: 'public', response: api.WithdrawLimitsResponse }),
  bonusList: endpoint({ method: 'GET', path: '/api/bonus', access: 'member', response: bonus.BonusListResponse }),
  bonusActivate: endpoint({ method: 'GET', path: '/api/bonus/activate/:code', access: 'member', params: bonus.BonusCodeParams, response: bonus.BonusActivatedResponse }),
  bonusCheckActive: endpoint({ method: 'GET', path: '/api/bonus/check/active', access: 'member', response: bonus.BonusActiveResponse }),
  bonusCheckMinimum: endpoint({ method: 'GET', path: '/api/bonus/check/minimum', access: 'member', response: bonus.BonusMinimumResponse }),
  bonusClear: endpoint({ method: 'GET', path: '/api/bonus/clear', access: 'member', response: bonus.BonusClearResponse }),
  promotionCurrent: endpoint({ method: 'GET', path: '/api/promotion/current', access: 'member', response: bonus.PromotionCurrentResponse }),
  promotionFind: endpoint({ method: 'GET', path: '/api/promotion/find/:code', access: 'member', params: bonus.PromotionCodeParams, response: bonus.PromotionFindResponse }),
  promotionActivate: endpoint({ method: 'GET', path: '/api/promotion/activate/:code', access: 'member', params: bonus.PromotionCodeParams, response: bonus.BonusActivatedResponse }),
  wallet: endpoint({ method: 'GET', path: '/api/wallet', access: 'member', response: api.WalletResponse }),
  walletRefreshGames: endpoint({ method: 'GET', path: '/api/wallet/refresh/slot', access: 'member', response: api.WalletResponse }),
  gameAccountActivate: endpoint({ method: 'GET', path: '/api/wallet/activate/:gameCode', access: 'member', params: gameParams, response: api.GameAccountResponse }),
  gameAccountCredentials: endpoint({ method: 'GET', path: '/api/wallet/account/:gameCode', access: 'member', params: gameParams, response: api.GameCredentialsResponse }),
  gameAccountResetPassword: endpoint({ method: 'GET', path: '/api/wallet/resetpassword/:gameCode', access: 'member', params: gameParams, response: api.GameCredentialsResponse }),
  autoLogin: endpoint({ method: 'GET', path: '/api/autoLogin/:provider/:username', access: 'member', params: autoLoginParams, response: api.AutoLoginResponse }),
  autoLoginWithPassword: endpoint({ method: 'GET', path: '/api/autoLogin/:provider/:username/:password', access: 'member', params: autoLoginWithPasswordParams, response: api.AutoLoginResponse }),
  transfer: endpoint({ method: 'POST', path: '/api/wallet/transfer', access: 'member', idempotent: true, body: api.TransferRequest, response: api.MoneyMovedResponse }),
  transferAll: endpoint({ method: 'POST', path: '/api/wallet/transferAll', access: 'member', idempotent: true, body: api.TransferAllRequest, response: api.MoneyMovedResponse }),
  withdraw: endpoint({ method: 'POST', path: '/api/wallet/withdraw', access: 'member', idempotent: true, body: api.WithdrawRequest, response: api.MoneyMovedResponse }),
  withdrawAll: endpoint({ method: 'POST', path: '/api/wallet/withdrawAll', access: 'member', idempotent: true, body: api.WithdrawRequest, response: api.MoneyMovedResponse }),
  /** What the caller's own key holds, read only: a money action's outcome after no answer came (docs/decisions/0145-a-flaky-network.md). */
  idempotencyOutcome: endpoint({ method: 'GET', path: '/api/idempotency/:key', access: 'member', params: keyParams, response: api.KeyOutcomeResponse }),
  statement: endpoint({ method: 'POST', path: '/api/statement', access: 'member', body: common.PageRequest, response: api.StatementResponse }),

  // invite, refund, wheel and coupons (spec 7; docs/decisions 0098-0100)
  invites: endpoint({ method: 'POST', path: '/api/invite', access: 'member', body: common.PageRequest, response: rewards.InvitesResponse }),
  inviteRule: endpoint({ method: 'GET', path: '/api/invite/rule', access: 'member', response: rewards.InviteRuleResponse }),
  inviteCollect: endpoint({ method: 'GET', path: '/api/invite/bonus', access: 'member', idempotent: true, response: rewards.InviteCollectResponse }),
  inviteBanners: endpoint({ method: 'GET', path: '/api/invite/banners', access: 'member', response: rewards.BannersResponse }),
  refunds: endpoint({ method: 'POST', path: '/api/refund', access: 'member', body: common.PageRequest, response: rewards.RefundsResponse }),
  refundCheck: endpoint({ method: 'GET', path: '/api/refund/check', access: 'member', response: rewards.RefundCheckResponse }),
  refundReceive: endpoint({ method: 'GET', path: '/api/refund/receive', access: 'member', idempotent: true, response: rewards.RefundReceiveResponse }),
  refundAddWallet: endpoint({ method: 'GET', path: '/api/refund/addWallet', access: 'member', idempotent: true, response: rewards.RefundReceiveResponse }),
  refundBanners: endpoint({ method: 'GET', path: '/api/refund/banners', access: 'member', response: rewards.BannersResponse }),
  spinActive: endpoint({ method: 'GET', path: '/api/spinwheel/active', access: 'member', response: rewards.SpinActiveResponse }),
  spinSetup: endpoint({ method: 'GET', path: '/api/spinwheel/setup', access: 'member', response: rewards.SpinSetupResponse }),
  spin: endpoint({ method: 'POST', path: '/api/spinwheel/spin', access: 'member', idempotent: true, body: rewards.SpinRequest, response: rewards.SpinResponse }),
  coupons: endpoint({ method: 'GET', path: '/api/spinwheel/coupon', access: 'member', response: rewards.CouponsResponse }),
  couponClaim: endpoint({ method: 'POST', path: '/api/spinwheel/coupon/claim', access: 'member', idempotent: true, body: rewards.CouponClaimRequest, response: rewards.CouponClaimResponse }),
  fairness: endpoint({ method: 'GET', path: '/api/spinwheel/fairness', access: 'member', response: rewards.FairnessResponse }),
  fairnessClientSeed: endpoint({ method: 'PUT', path: '/api/spinwheel/fairness/client-seed', access: 'member', body: rewards.ClientSeedRequest, response: rewards.FairnessResponse }),
  fairnessRotate: endpoint({ method: 'POST', path: '/api/spinwheel/fairness/rotate', access: 'member', response: rewards.FairnessResponse }),
  spinHistory: endpoint({ method: 'POST', path: '/api/spinwheel/history', access: 'member', body: common.PageRequest, response: rewards.SpinHistoryResponse }),

  // operator (not in spec 7: the back office this build needs to move money in and out).
  // Money is finance's; a member's standing is support's; admin may do everything.
  /** Who the signed-in operator is, whatever their role (login answers only a token). */
  opsMe: endpoint({ method: 'GET', path: '/api/ops/me', access: 'operator', roles: api.OPERATOR_ROLES, response: ops.OperatorMeResponse }),
  // the payout queue, paged, its CSV for the bank, and a payout with the bank's reference (docs/decisions/0127-payouts-console.md)
  opsWithdrawals: endpoint({ method: 'GET', path: '/api/ops/withdrawals', access: 'operator', roles: ['finance'], query: ops.WithdrawalsQuery, response: api.WithdrawalsResponse }),
  /** The same filters as CSV (text/csv) for the bank's batch upload: every match, at most OPS_WITHDRAWALS_EXPORT_MAX rows. */
  opsWithdrawalsCsv: endpoint({ method: 'GET', path: '/api/ops/withdrawals.csv', access: 'operator', roles: ['finance'], query: ops.WithdrawalsQuery, response: v.string() }),
  // Above the approvalThreshold setting (or the operator's daily sum alone) a payout, a manual deposit, a payment's credit or a slip's approval answers 202 ApprovalRequired (docs/decisions/0121-dual-control.md).
  opsWithdrawalPaid: endpoint({ method: 'POST', path: '/api/ops/withdrawals/:id/paid', access: 'operator', roles: ['finance'], params: idParams, body: ops.PayoutRequest, response: v.union([api.WithdrawalResponse, ops.ApprovalRequired]) }),
  opsWithdrawalRejected: endpoint({ method: 'POST', path: '/api/ops/withdrawals/:id/rejected', access: 'operator', roles: ['finance'], params: idParams, response: api.WithdrawalResponse }),
  /** Idempotent by its bank reference (the ledger key `deposit:{reference}`), not by an Idempotency-Key. */
  opsDeposit: endpoint({ method: 'POST', path: '/api/ops/deposits', access: 'operator', roles: ['finance'], body: api.DepositRequest, response: v.union([api.DepositResponse, ops.ApprovalRequired]) }),
  opsPayments: endpoint({ method: 'GET', path: '/api/ops/payments', access: 'operator', roles: ['finance'], query: deposit.PaymentsQuery, response: deposit.PaymentsResponse }),
  opsPaymentCredit: endpoint({ method: 'POST', path: '/api/ops/payments/:id/credit', access: 'operator', roles: ['finance'], params: idParams, body: deposit.PaymentCreditRequest, response: v.union([deposit.PaymentResponse, ops.ApprovalRequired]) }),
  opsApprovals: endpoint({ method: 'GET', path: '/api/ops/approvals', access: 'operator', roles: ['finance'], query: ops.ApprovalsQuery, response: ops.ApprovalsResponse }),
  opsApprovalApproved: endpoint({ method: 'POST', path: '/api/ops/approvals/:id/approved', access: 'operator', roles: ['finance'], params: idParams, response: ops.ApprovalResponse }),
  opsApprovalRejected: endpoint({ method: 'POST', path: '/api/ops/approvals/:id/rejected', access: 'operator', roles: ['finance'], params: idParams, response: ops.ApprovalResponse }),
  opsAdjustment: endpoint({ method: 'POST', path: '/api/ops/adjustments', access: 'operator', roles: ['finance'], idempotent: true, body: ops.AdjustmentRequest, response: v.union([ops.AdjustmentResponse, ops.ApprovalRequired]) }),
  opsAudit: endpoint({ method: 'GET', path: '/api/ops/audit', access: 'operator', roles: [], query: ops.AuditQuery, response: ops.AuditResponse }),
  /** The same entries as CSV (text/csv), for a spreadsheet: at most OPS_AUDIT_EXPORT_MAX rows. */
  opsAuditCsv: endpoint({ method: 'GET', path: '/api/ops/audit.csv', access: 'operator', roles: [], query: ops.AuditQuery, response: v.string() }),
  // operators, an admin's (docs/decisions/0124-operators-in-the-console.md)
  opsOperators: endpoint({ method: 'GET', path: '/api/ops/operators', access: 'operator', roles: [], response: ops.OperatorsResponse }),
  opsOperatorAdd: endpoint({ method: 'POST', path: '/api/ops/operators', access: 'operator', roles: [], body: ops.OperatorAddRequest, response: ops.OperatorEnrolmentResponse }),
  opsOperatorDisabled: endpoint({ method: 'POST', path: '/api/ops/operators/:phone/disabled', access: 'operator', roles: [], params: ops.OperatorParams, response: ops.OperatorResponse }),
  opsOperatorReset: endpoint({ method: 'POST', path: '/api/ops/operators/:phone/reset', access: 'operator', roles: [], params: ops.OperatorParams, response: ops.OperatorEnrolmentResponse }),
  // the day's figures for every role, and the ledger check on demand (finance), kept in the audit
  opsDashboard: endpoint({ method: 'GET', path: '/api/ops/dashboard', access: 'operator', roles: api.OPERATOR_ROLES, response: ops.DashboardResponse }),
  // the games on offer, and an operator's switch (docs/decisions/0133-aggregator-games.md)
  opsGames: endpoint({ method: 'GET', path: '/api/ops/games', access: 'operator', roles: ['marketing', 'support'], response: gamesOps.OpsGamesResponse }),
  opsGameSwitch: endpoint({ method: 'PUT', path: '/api/ops/games/:code', access: 'operator', roles: ['marketing'], params: gamesOps.GameParams, body: gamesOps.GameSwitchRequest, response: gamesOps.OpsGame }),
  opsLedgerCheck: endpoint({ method: 'POST', path: '/api/ops/ledger/check', access: 'operator', roles: ['finance'], response: ops.LedgerCheckResponse }),
  opsPaymentDismissed: endpoint({ method: 'POST', path: '/api/ops/payments/:id/dismissed', access: 'operator', roles: ['finance'], params: idParams, response: deposit.PaymentResponse }),
  // Finance reads and makes active the offers above the grant ceiling (offerGrantCeiling) that marketing may only write paused.
  opsBonuses: endpoint({ method: 'GET', path: '/api/ops/bonuses', access: 'operator', roles: ['marketing', 'finance'], response: bonus.OpsBonusesResponse }),
  opsBonusCreate: endpoint({ method: 'POST', path: '/api/ops/bonuses', access: 'operator', roles: ['marketing'], body: bonus.BonusDefinition, response: bonus.OpsBonusResponse }),
  opsBonusChange: endpoint({ method: 'PUT', path: '/api/ops/bonuses/:code', access: 'operator', roles: ['marketing'], params: bonus.BonusCodeParams, body: bonus.BonusDefinition, response: bonus.OpsBonusResponse }),
  opsBonusPaused: endpoint({ method: 'POST', path: '/api/ops/bonuses/:code/paused', access: 'operator', roles: ['marketing'], params: bonus.BonusCodeParams, response: bonus.OpsBonusResponse }),
  opsBonusActive: endpoint({ method: 'POST', path: '/api/ops/bonuses/:code/active', access: 'operator', roles: ['marketing', 'finance'], params: bonus.BonusCodeParams, response: bonus.OpsBonusResponse }),
  opsAgreements: endpoint({ method: 'PUT', path: '/api/ops/settings/agreements', access: 'operator', roles: ['marketing'], body: bonus.OpsTextsRequest, response: bonus.OpsTextsResponse }),
  opsConditions: endpoint({ method: 'PUT', path: '/api/ops/settings/conditions', access: 'operator', roles: ['marketing'], body: bonus.OpsTextsRequest, response: bonus.OpsTextsResponse }),
  opsChanges: endpoint({ method: 'GET', path: '/api/ops/changes', access: 'operator', roles: ['marketing'], response: bonus.OpsChangesResponse }),
  opsWheel: endpoint({ method: 'GET', path: '/api/ops/spinwheel', access: 'operator', roles: ['marketing', 'finance'], response: rewards.OpsWheelResponse }),
  opsWheelChange: endpoint({ method: 'PUT', path: '/api/ops/spinwheel', access: 'operator', roles: ['marketing'], body: rewards.OpsWheelRequest, response: rewards.OpsWheelResponse }),
  opsInvite: endpoint({ method: 'PUT', path: '/api/ops/settings/invite', access: 'operator', roles: ['marketing'], body: rewards.InviteSettings, response: rewards.InviteSettings }),
  opsRefund: endpoint({ method: 'PUT', path: '/api/ops/settings/refund', access: 'operator', roles: ['marketing'], body: rewards.RefundSettings, response: rewards.RefundSettings }),
  opsBanners: endpoint({ method: 'PUT', path: '/api/ops/settings/banners/:area', access: 'operator', roles: ['marketing'], params: rewards.BannerAreaParams, body: rewards.OpsBannersRequest, response: rewards.OpsBannersResponse }),
  // What is live, for the console's forms to start from (marketing writes them; finance reads them as it reads the offers).
  opsInviteSettings: endpoint({ method: 'GET', path: '/api/ops/settings/invite', access: 'operator', roles: ['marketing', 'finance'], response: rewards.InviteSettings }),
  opsRefundSettings: endpoint({ method: 'GET', path: '/api/ops/settings/refund', access: 'operator', roles: ['marketing', 'finance'], response: rewards.RefundSettings }),
  opsBannersOf: endpoint({ method: 'GET', path: '/api/ops/settings/banners/:area', access: 'operator', roles: ['marketing', 'finance'], params: rewards.BannerAreaParams, response: rewards.OpsBannersResponse }),
  opsAgreementsOf: endpoint({ method: 'GET', path: '/api/ops/settings/agreements', access: 'operator', roles: ['marketing', 'finance'], response: bonus.OpsTextsResponse }),
  opsConditionsOf: endpoint({ method: 'GET', path: '/api/ops/settings/conditions', access: 'operator', roles: ['marketing', 'finance'], response: bonus.OpsTextsResponse }),
  opsNoticeOf: endpoint({ method: 'GET', path: '/api/ops/settings/notice', access: 'operator', roles: ['marketing', 'finance'], response: bonus.OpsNotice }),
  opsNotice: endpoint({ method: 'PUT', path: '/api/ops/settings/notice', access: 'operator', roles: ['marketing'], body: bonus.OpsNotice, response: bonus.OpsNotice }),
  opsContactOf: endpoint({ method: 'GET', path: '/api/ops/settings/contact', access: 'operator', roles: ['marketing', 'finance'], response: bonus.OpsContact }),
  opsContact: endpoint({ method: 'PUT', path: '/api/ops/settings/contact', access: 'operator', roles: ['marketing'], body: bonus.OpsContact, response: bonus.OpsContact }),
  opsMembers: endpoint({ method: 'GET', path: '/api/ops/members', access: 'operator', roles: ['support', 'finance'], query: ops.MembersQuery, response: ops.MembersResponse }),
  opsMemberStatus: endpoint({ method: 'POST', path: '/api/ops/members/:username/status', access: 'operator', roles: ['support'], params: memberParams, body: api.MemberStatusRequest, response: api.MemberStatusResponse }),
  // a member's page, their sessions and phone, and the service (docs/decisions/0128-members-and-service-in-the-console.md)
  opsMember: endpoint({ method: 'GET', path: '/api/ops/members/:username', access: 'operator', roles: ['support', 'finance'], params: memberParams, response: opsMembers.MemberDetailResponse }),
  opsMemberStatement: endpoint({ method: 'GET', path: '/api/ops/members/:username/statement', access: 'operator', roles: ['support', 'finance'], params: memberParams, query: opsMembers.MemberPageQuery, response: api.StatementResponse }),
  opsMemberSlips: endpoint({ method: 'GET', path: '/api/ops/members/:username/slips', access: 'operator', roles: ['support', 'finance'], params: memberParams, query: opsMembers.MemberPageQuery, response: deposit.SlipsResponse }),
  opsMemberInvites: endpoint({ method: 'GET', path: '/api/ops/members/:username/invites', access: 'operator', roles: ['support', 'finance'], params: memberParams, query: opsMembers.MemberPageQuery, response: rewards.InvitesResponse }),
  opsMemberSessionsEnded: endpoint({ method: 'POST', path: '/api/ops/members/:username/sessions/ended', access: 'operator', roles: ['support'], params: memberParams, response: opsMembers.MemberSessionsEndedResponse }),
  /** The login phone is who the member is: an admin's change (spec 6 names one), never support's alone. */
  opsMemberPhone: endpoint({ method: 'POST', path: '/api/ops/members/:username/phone', access: 'operator', roles: [], params: memberParams, body: opsMembers.MemberPhoneRequest, response: opsMembers.MemberPhoneResponse }),
  opsService: endpoint({ method: 'GET', path: '/api/ops/service', access: 'operator', roles: [], response: opsMembers.ServiceResponse }),
  opsServiceChange: endpoint({ method: 'PUT', path: '/api/ops/service', access: 'operator', roles: [], body: opsMembers.ServiceRequest, response: opsMembers.ServiceResponse }),

  // deposits (spec 2 Deposit modal, spec 7); the payment providers' webhook is not an SPA call (src/server/payments)
  lookupDeposit: endpoint({ method: 'GET', path: '/api/lookup/deposit', access: 'member', response: deposit.DepositLookupResponse }),
  qrGet: endpoint({ method: 'GET', path: '/api/qrcode/:bankCode', access: 'member', params: deposit.QrProviderParams, response: deposit.QrState }),
  qrCreate: endpoint({ method: 'POST', path: '/api/qrcode/:bankCode', access: 'member', params: deposit.QrProviderParams, body: deposit.QrCreateRequest, response: deposit.QrState }),
  qrCancel: endpoint({ method: 'DELETE', path: '/api/qrcode/:qrcodeId', access: 'member', params: deposit.QrIdParams, response: api.MessageResponse }),
  trueLink: endpoint({ method: 'POST', path: '/api/wallet/truelink', access: 'member', idempotent: true, body: deposit.TrueLinkRequest, response: api.MoneyMovedResponse }),
  /** Multipart (field 'file'): the body is not JSON, so no body schema; the server checks the file by content. */
  slipUpload: endpoint({ method: 'POST', path: '/api/wallet/slip', access: 'member', response: deposit.SlipUploadResponse }),
  slips: endpoint({ method: 'POST', path: '/api/statement/slip', access: 'member', body: deposit.SlipsRequest, response: deposit.SlipsResponse }),
  slipReference: endpoint({ method: 'GET', path: '/api/statement/slip/reference/:reference', access: 'member', params: deposit.SlipReferenceParams, response: deposit.SlipReferenceResponse }),
  opsSlips: endpoint({ method: 'GET', path: '/api/ops/slips', access: 'operator', roles: ['finance'], query: deposit.OpsSlipsQuery, response: deposit.OpsSlipsResponse }),
  opsSlip: endpoint({ method: 'GET', path: '/api/ops/slips/:id', access: 'operator', roles: ['finance'], params: idParams, response: deposit.OpsSlipDetailResponse }),
  opsSlipApproved: endpoint({ method: 'POST', path: '/api/ops/slips/:id/approved', access: 'operator', roles: ['finance'], params: idParams, body: deposit.SlipApproveRequest, response: v.union([deposit.OpsSlipResponse, ops.ApprovalRequired]) }),
  opsSlipRejected: endpoint({ method: 'POST', path: '/api/ops/slips/:id/rejected', access: 'operator', roles: ['finance'], params: idParams, body: deposit.SlipRejectRequest, response: deposit.OpsSlipResponse }),
  // live support chat (spec 7 /api/chat/*; docs/decisions 0104-0106)
  chatConfig: endpoint({ method: 'GET', path: '/api/chat/config', access: 'public', response: chat.ChatConfigResponse }),
  chatGuest: endpoint({ method: 'POST', path: '/api/chat/guest', access: 'public', response: chat.GuestResponse }),
  chatSendMessage: endpoint({ method: 'POST', path: '/api/chat/send-message', access: 'chat', multiline: true, body: chat.ChatConversation, response: chat.SendMessageResponse }),
  chatHistory: endpoint({ method: 'POST', path: '/api/chat/history', access: 'chat', body: chat.ChatHistoryRequest, response: chat.ChatHistoryResponse }),
  chatReadCustomer: endpoint({ method: 'PUT', path: '/api/chat/read-customer/', access: 'chat', body: chat.ReadCustomerRequest, response: api.MessageResponse }),
  chatUploadImage: endpoint({ method: 'POST', path: '/api/chat/upload-image', access: 'chat', response: chat.ChatUploadResponse }),
  chatUploadVideo: endpoint({ method: 'POST', path: '/api/chat/upload-video', access: 'chat', response: chat.ChatUploadResponse }),
  // the agent inbox (support; admin edits canned replies)
  opsChatInbox: endpoint({ method: 'GET', path: '/api/ops/chat/conversations', access: 'operator', roles: ['support'], query: chat.InboxQuery, response: chat.InboxResponse }),
  opsChatCustomer: endpoint({ method: 'GET', path: '/api/ops/chat/conversations/:id', access: 'operator', roles: ['support'], params: chat.ConversationParams, response: chat.CustomerPanelResponse }),
  opsChatHistory: endpoint({ method: 'POST', path: '/api/ops/chat/conversations/:id/history', access: 'operator', roles: ['support'], params: chat.ConversationParams, body: chat.AgentHistoryRequest, response: chat.ChatHistoryResponse }),
  opsChatReply: endpoint({ method: 'POST', path: '/api/ops/chat/conversations/:id/messages', access: 'operator', roles: ['support'], multiline: true, params: chat.ConversationParams, body: chat.AgentReplyRequest, response: chat.SendMessageResponse }),
  opsChatRead: endpoint({ method: 'PUT', path: '/api/ops/chat/conversations/:id/read', access: 'operator', roles: ['support'], params: chat.ConversationParams, response: api.MessageResponse }),
  opsChatEnd: endpoint({ method: 'POST', path: '/api/ops/chat/conversations/:id/end', access: 'operator', roles: ['support'], params: chat.ConversationParams, response: api.MessageResponse }),
  opsChatUploadImage: endpoint({ method: 'POST', path: '/api/ops/chat/conversations/:id/upload-image', access: 'operator', roles: ['support'], params: chat.ConversationParams, response: chat.ChatUploadResponse }),
  opsChatUploadVideo: endpoint({ method: 'POST', path: '/api/ops/chat/conversations/:id/upload-video', access: 'operator', roles: ['support'], params: chat.ConversationParams, response: chat.ChatUploadResponse }),
  opsChatCanned: endpoint({ method: 'GET', path: '/api/ops/chat/canned', access: 'operator', roles: ['support'], response: chat.CannedRepliesResponse }),
  opsChatCannedCreate: endpoint({ method: 'POST', path: '/api/ops/chat/canned', access: 'operator', roles: [], multiline: true, body: chat.CannedReplyRequest, response: chat.CannedReply }),
  opsChatCannedChange: endpoint({ method: 'PUT', path: '/api/ops/chat/canned/:id', access: 'operator', roles: [], multiline: true, params: chat.CannedReplyParams, body: chat.CannedReplyRequest, response: chat.CannedReply }),
  opsChatCannedDelete: endpoint({ method: 'DELETE', path: '/api/ops/chat/canned/:id', access: 'operator', roles: [], params: chat.CannedReplyParams, response: api.MessageResponse }),
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type BodyOf<N extends EndpointName> = Endpoints[N] extends { body: infer B extends v.GenericSchema } ? v.InferInput<B> : undefined;
export type ResponseOf<N extends EndpointName> = v.InferOutput<Endpoints[N]['response']>;
export type ParamsOf<N extends EndpointName> = Endpoints[N] extends { params: infer P extends v.GenericSchema } ? v.InferInput<P> : undefined;
export type QueryOf<N extends EndpointName> = Endpoints[N] extends { query: infer Q extends v.GenericSchema } ? v.InferInput<Q> : undefined;

// The wire constants live in http.ts, which the SPA's first page loads
// without this table (bench:bundle); they are re-exported for the server.
export { fillPath, IDEMPOTENCY_KEY_HEADER, REQUESTED_WITH } from './http.ts';
