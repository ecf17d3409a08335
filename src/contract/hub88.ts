/**
 * Hub88's Operator API as this server speaks it (docs/decisions/0132-hub88-wallet-api.md):
 * the Wallet API the aggregator calls (`POST /api/providers/hub88/user/info`,
 * `/user/balance`, `/transaction/bet`, `/transaction/win`,
 * `/transaction/rollback`) and the two Games API calls we make
 * (`/operator/generic/v2/game/list`, `/game/url`). Field names are Hub88's
 * own (snake_case). Every body both ways is signed: RSA-SHA256 over the raw
 * bytes, base64, in `X-Hub88-Signature`.
 *
 * Amounts are integers in Hub88's unit: the currency's major unit × 100,000
 * (one baht is 100000), i.e. our minor units (satang, att) × 1,000.
 */
import * as v from 'valibot';

/** The provider's name in games.provider and in our Wallet API's path. */
export const HUB88_PROVIDER = 'hub88';

export const HUB88_SIGNATURE_HEADER = 'x-hub88-signature';

/** Hub88's amounts per minor unit of ours (1 THB = 100 satang = 100,000 in Hub88's unit). */
export const HUB88_UNITS_PER_MINOR = 1000n;

/** The statuses of the Wallet API's answers (Hub88's "Seamless Wallet response statuses"). */
export const HUB88_STATUSES = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
] as const;
export type Hub88Status = (typeof HUB88_STATUSES)[number];

/** Hub88's ids: a UUID in its examples; any short printable text is taken. */
const Id = v.pipe(v.string(), v.minLength(1), v.maxLength(255));
const OptionalText = v.optional(v.nullable(v.string()));
/** Hub88's integer amounts; JSON numbers beyond 2^53 are refused rather than rounded. */
const Hub88Amount = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER));
const Meta = v.optional(v.nullable(v.record(v.string(), v.unknown())));
const GameId = v.optional(v.nullable(v.number()));

export const UserInfoRequest = v.object({ user: Id, request_uuid: Id });

export const BalanceRequest = v.object({
  user: Id,
  token: Id,
  request_uuid: Id,
  game_code: v.optional(v.nullable(v.string())),
  game_id: GameId,
  supplier_user: OptionalText,
});

export const BetRequest = v.object({
  user: Id,
  transaction_uuid: Id,
  supplier_transaction_id: OptionalText,
  token: Id,
  supplier_user: OptionalText,
  round_closed: v.optional(v.nullable(v.boolean())),
  round: OptionalText,
  reward_uuid: OptionalText,
  request_uuid: Id,
  is_free: v.optional(v.nullable(v.boolean())),
  is_aggregated: v.optional(v.nullable(v.boolean())),
  game_id: GameId,
  game_code: v.string(),
  currency: v.string(),
  bet: OptionalText,
  amount: Hub88Amount,
  meta: Meta,
});

export const WinRequest = v.object({
  ...BetRequest.entries,
  reference_transaction_uuid: Id,
});

export const RollbackRequest = v.object({
  user: Id,
  transaction_uuid: Id,
  supplier_transaction_id: OptionalText,
  token: Id,
  round_closed: v.optional(v.nullable(v.boolean())),
  round: OptionalText,
  request_uuid: Id,
  reference_transaction_uuid: Id,
  game_id: GameId,
  game_code: v.string(),
  meta: Meta,
});

export type BetRequest = v.InferOutput<typeof BetRequest>;
export type WinRequest = v.InferOutput<typeof WinRequest>;
export type RollbackRequest = v.InferOutput<typeof RollbackRequest>;

/** The answer of user/balance and of every transaction: the balance after it, in Hub88's unit. */
export interface BalanceAnswer {
  user: string;
  status: 'RS_OK';
  request_uuid: string;
  currency: string;
  balance: number;
}

/** A refusal; `balance` and `currency` where the documentation asks for them (not enough money) and we know them. */
export interface RefusalAnswer {
  status: Exclude<Hub88Status, 'RS_OK'>;
  request_uuid: string | null;
  user?: string;
  currency?: string;
  balance?: number;
}

export interface UserInfoAnswer {
  user: string;
  status: 'RS_OK';
  request_uuid: string;
  country: string;
  jurisdiction: string | null;
  registration_date: string;
  tags: string[];
}

// ---------------------------------------------------------------- the Games API (we call it)

export const HUB88_PLATFORMS = ['GPL_DESKTOP', 'GPL_MOBILE'] as const;

/** One game of `POST /operator/generic/v2/game/list`; fields we do not use are let through. */
export const ListedGame = v.looseObject({
  game_code: v.string(),
  name: v.string(),
  category: v.optional(v.nullable(v.string())),
  product: v.optional(v.nullable(v.string())),
  enabled: v.optional(v.boolean(), true),
  url_thumb: v.optional(v.nullable(v.string())),
  url_background: v.optional(v.nullable(v.string())),
  platforms: v.optional(v.nullable(v.array(v.string()))),
});
export type ListedGame = v.InferOutput<typeof ListedGame>;
export const GameListResponse = v.array(ListedGame);

export interface GameUrlRequest {
  user: string;
  token: string;
  platform: (typeof HUB88_PLATFORMS)[number];
  operator_id: number;
  meta: Record<string, unknown>;
  lobby_url: string;
  lang: string;
  game_code: string;
  deposit_url: string;
  currency: string;
  country: string;
  ip?: string;
}

export const GameUrlResponse = v.object({ url: v.pipe(v.string(), v.url()) });
