/**
 * What a chat caller may repeat at no cost is counted per sender (a member
 * or a guest) and per client address (policy.ts; the per-address count is
 * off with LIMITS_PER_IP=off, as the other per-address limits are), before
 * the work it guards: 429 REQUEST_LIMIT past either. Read marks are limited
 * like messages, under a count of their own.
 */
import type { ChatCaller } from '../auth/callers.ts';
import type { Limits, WindowLimit } from '../limits/limits.ts';
import {
  CHAT_HISTORY_PER_ADDRESS,
  CHAT_HISTORY_PER_SENDER,
  CHAT_MESSAGES_PER_ADDRESS,
  CHAT_MESSAGES_PER_SENDER,
  CHAT_UPLOADS_PER_ADDRESS,
  CHAT_UPLOADS_PER_SENDER,
} from '../policy.ts';

const LIMITS = {
  messages: { perSender: CHAT_MESSAGES_PER_SENDER, perAddress: CHAT_MESSAGES_PER_ADDRESS },
  reads: { perSender: CHAT_MESSAGES_PER_SENDER, perAddress: CHAT_MESSAGES_PER_ADDRESS },
  history: { perSender: CHAT_HISTORY_PER_SENDER, perAddress: CHAT_HISTORY_PER_ADDRESS },
  uploads: { perSender: CHAT_UPLOADS_PER_SENDER, perAddress: CHAT_UPLOADS_PER_ADDRESS },
} satisfies Record<string, { perSender: WindowLimit; perAddress: WindowLimit }>;

export type ChatAttempt = keyof typeof LIMITS;

const senderKey = (caller: ChatCaller) => (caller.kind === 'member' ? `member:${caller.userId}` : `guest:${caller.guestId}`);

export async function countChatAttempt(limits: Limits, attempt: ChatAttempt, caller: ChatCaller, ip: string, now: Date): Promise<void> {
  const { perSender, perAddress } = LIMITS[attempt];
  await limits.count(`chat:${attempt}:${senderKey(caller)}`, perSender, now);
  await limits.countFromAddress(`chat:${attempt}`, perAddress, ip, now);
}
