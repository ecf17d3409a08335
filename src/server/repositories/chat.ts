/**
 * The chat's SQL (schema.ts chat_*): guests, one conversation per member or
 * guest, messages stored once per sender's deliver id, uploaded media, the
 * agents' inbox and the canned replies. Functions take a db or a
 * transaction; the chat/ modules decide what shares one.
 */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, min, not, or, sql, sum, type SQL } from 'drizzle-orm';
import { perDatabase, tableRows, type Db, type Queryable } from '../db/client.ts';
import { chatCannedReplies, chatConversations, chatGuests, chatMedia, chatMessages, operators, users } from '../db/schema.ts';

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type MediaRow = typeof chatMedia.$inferSelect;
export type CannedRow = typeof chatCannedReplies.$inferSelect;

/** Whose conversation: a member's or a guest's. */
export type ConversationOwner = { userId: number } | { guestId: string };

const ownedBy = (owner: ConversationOwner) =>
  'userId' in owner ? eq(chatConversations.userId, owner.userId) : eq(chatConversations.guestId, owner.guestId);

// ---------------------------------------------------------------- guests

export async function insertGuest(db: Queryable, id: string, now: Date): Promise<void> {
  await db.insert(chatGuests).values({ id, createdAt: now, lastSeenAt: now });
}

/**
 * Marks a guest seen now, unless it is closed; whether it is open. The
 * update locks the guest's row, so a cleanup closing it at the same moment
 * either comes first (and this answers false) or waits for this write.
 */
export async function touchOpenGuest(db: Queryable, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(chatGuests)
    .set({ lastSeenAt: sql`greatest(${chatGuests.lastSeenAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(chatGuests.id, id), isNull(chatGuests.closedAt)))
    .returning({ id: chatGuests.id });
  return rows.length > 0;
}

const openGuests = perDatabase((db) =>
  db
    .select({ id: chatGuests.id })
    .from(chatGuests)
    .where(and(sql`${chatGuests.id} = any(${sql.placeholder('ids')})`, isNull(chatGuests.closedAt)))
    .prepare('chat_open_guests'),
);

/** Which of `ids` are guests that are not closed (a prepared statement: every guest's request asks). */
export async function openGuestsAmong(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const rows = await openGuests(db).execute({ ids: [...ids] });
  return new Set(rows.map(({ id }) => id));
}

// ---------------------------------------------------------------- conversations

export async function findConversationOf(db: Queryable, owner: ConversationOwner): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(chatConversations).where(ownedBy(owner));
  return row;
}

export async function findConversation(db: Queryable, id: number): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, id));
  return row;
}

/**
 * Conversation `id`, locked until commit as a message written to it locks
 * it (touchConversation): what is decided about its uploads under the lock
 * (the quota, the cleanup of unsent files) sees every message committed
 * before it, and no message is written meanwhile.
 */
export async function lockConversation(db: Queryable, id: number): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, id)).for('no key update');
  return row;
}

/**
 * The owner's conversation, created on first use. Two first messages at
 * once both insert; the unique owner column lets one win and the other
 * reads the winner's row.
 */
export async function ensureConversation(db: Queryable, owner: ConversationOwner, sessionId: string, now: Date): Promise<ConversationRow> {
  const found = await findConversationOf(db, owner);
  if (found) return found;
  const target = 'userId' in owner ? chatConversations.userId : chatConversations.guestId;
  const [created] = await db
    .insert(chatConversations)
    .values({ ...owner, sessionId, createdAt: now })
    .onConflictDoNothing({ target })
    .returning();
  if (created) return created;
  const existing = await findConversationOf(db, owner);
  if (!existing) throw new Error('a chat conversation vanished after a conflicting insert');
  return existing;
}

/** `last_message_at` moved to `at`, a time or an SQL expression of one (never back: a late writer keeps the later time). */
const lastMessageAtLeast = (at: Date | SQL) => {
  const time = at instanceof Date ? sql`${at.toISOString()}::timestamptz` : at;
  return sql`greatest(coalesce(${chatConversations.lastMessageAt}, ${time}), ${time})`;
};

/**
 * A message is being written to conversation `id` at `at`: the inbox orders
 * by it, the cleanup measures idleness from it. Touched before the message
 * is inserted, so one statement finds the row, touches it and locks it until
 * commit; a resend (which inserts nothing) moves it too, which only lifts
 * the conversation in the inbox. Undefined when there is no such row.
 */
export async function touchConversation(db: Queryable, id: number, at: Date): Promise<ConversationRow | undefined> {
  const [row] = await db.update(chatConversations).set({ lastMessageAt: lastMessageAtLeast(at) }).where(eq(chatConversations.id, id)).returning();
  return row;
}

/** The map key of an owner in touchConversationsOf's answer. */
export const ownerKey = (owner: ConversationOwner): string => ('userId' in owner ? `u${owner.userId}` : `g${owner.guestId}`);

/**
 * Messages are being written to these owners' conversations, each at its
 * time: every conversation is touched as touchConversation does (one
 * statement per kind of owner, in owner order, so two servers lock rows in
 * the same order), or created with its first message (`newSessionId`). A
 * closed conversation is left as it is and missing from the answer, which
 * is keyed by ownerKey.
 */
export async function touchConversationsOf(
  db: Queryable,
  touches: readonly { owner: ConversationOwner; at: Date }[],
  newSessionId: () => string,
): Promise<Map<string, ConversationRow>> {
  const latest = new Map<string, { owner: ConversationOwner; at: Date }>();
  for (const touch of touches) {
    const seen = latest.get(ownerKey(touch.owner));
    if (!seen || seen.at < touch.at) latest.set(ownerKey(touch.owner), touch);
  }
  const ordered = [...latest.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, { owner, at }], index) => ({ ...owner, at, index }));
  // The rows as one JSON parameter (insertMessagesOnce says why).
  const upsert = async (target: 'user_id' | 'guest_id', kind: typeof ordered) =>
    kind.length === 0
      ? []
      : tableRows(
          chatConversations,
          await db.execute(sql`
            insert into ${chatConversations} (user_id, guest_id, session_id, created_at, last_message_at)
            select "userId", "guestId", "sessionId", at, at
            from jsonb_to_recordset(${JSON.stringify(kind.map((touch) => ({ ...touch, sessionId: newSessionId() })))}::jsonb)
              as c(index int, "userId" int, "guestId" text, "sessionId" text, at timestamptz)
            order by index
            on conflict (${sql.raw(target)}) do update
              set last_message_at = ${lastMessageAtLeast(sql`excluded.last_message_at`)}
              where ${chatConversations}.closed_at is null
            returning *`),
        );
  const rows = [...(await upsert('user_id', ordered.filter((touch) => 'userId' in touch))), ...(await upsert('guest_id', ordered.filter((touch) => 'guestId' in touch)))];
  return new Map(rows.map((row) => [ownerKey(row.userId === null ? { guestId: row.guestId! } : { userId: row.userId }), row]));
}

/**
 * Moves one side's read mark to `at`; whether it moved: a mark already past
 * the last message stays, so a repeated "read" tells no one again.
 */
export async function markRead(db: Queryable, id: number, side: 'customer' | 'agent', at: Date): Promise<boolean> {
  const mark = side === 'customer' ? chatConversations.customerReadAt : chatConversations.agentReadAt;
  const moved = await db
    .update(chatConversations)
    .set(side === 'customer' ? { customerReadAt: at } : { agentReadAt: at })
    .where(and(eq(chatConversations.id, id), or(isNull(mark), lt(mark, chatConversations.lastMessageAt))))
    .returning({ id: chatConversations.id });
  return moved.length > 0;
}

/** Starts a new session of the conversation (an agent ended the last one); null when it is closed. */
export async function startSession(db: Queryable, id: number, sessionId: string): Promise<ConversationRow | undefined> {
  const [row] = await db
    .update(chatConversations)
    .set({ sessionId })
    .where(and(eq(chatConversations.id, id), isNull(chatConversations.closedAt)))
    .returning();
  return row;
}

// ---------------------------------------------------------------- messages

export type NewMessage = Omit<typeof chatMessages.$inferInsert, 'id'>;

/**
 * Inserts messages in one statement, each unless its conversation already
 * holds one with the same client id (the sender's deliver id), or an
 * earlier one in `messages` has it: the answer holds the rows inserted. A
 * concurrent insert of the same id waits for the other's commit and then
 * finds it.
 */
export async function insertMessagesOnce(db: Queryable, messages: readonly NewMessage[]): Promise<MessageRow[]> {
  if (messages.length === 0) return [];
  // One parameter (the rows as JSON, in order) instead of nine a row: this runs for every chat message, and
  // building a many-row statement out of single values cost more CPU than the database spent on it. Raw SQL:
  // drizzle's insert().select() names every column, the generated id too, which PostgreSQL then refuses.
  const rows = messages.map((message, index) => ({ ...message, index }));
  return tableRows(
    chatMessages,
    await db.execute(sql`
      insert into ${chatMessages} (conversation_id, sender, operator_id, message_type, body, client_id, session_id, device_token, created_at)
      select "conversationId", sender, "operatorId", "messageType", body, "clientId", "sessionId", "deviceToken", "createdAt"
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as m(
        index int, "conversationId" bigint, sender text, "operatorId" int, "messageType" text, body jsonb,
        "clientId" text, "sessionId" text, "deviceToken" text, "createdAt" timestamptz)
      order by index
      on conflict (conversation_id, client_id) do nothing
      returning *`),
  );
}

/** The messages stored under these (conversation, client id) pairs. */
export async function findMessagesByClientIds(db: Queryable, pairs: readonly { conversationId: number; clientId: string }[]): Promise<MessageRow[]> {
  if (pairs.length === 0) return [];
  return db
    .select()
    .from(chatMessages)
    .where(or(...pairs.map(({ conversationId, clientId }) => and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.clientId, clientId)))));
}

/**
 * Whether an agent's message in the conversation offered a postback button
 * of this title and payload: among the buttons of a buttons or quick
 * replies message, or on a card of a carousel (contract/chat.ts shapes;
 * bodies are stored as validated, titles trimmed).
 */
export async function offeredPostback(db: Queryable, conversationId: number, button: { title: string; payload: string }): Promise<boolean> {
  const offered = { type: 'postback', title: button.title, payload: button.payload };
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        eq(chatMessages.sender, 'agent'),
        or(
          and(inArray(chatMessages.messageType, ['buttons', 'quick_replies']), sql`${chatMessages.body} @> ${JSON.stringify({ payloads: [offered] })}::jsonb`),
          and(eq(chatMessages.messageType, 'generic'), sql`${chatMessages.body} @> ${JSON.stringify({ payloads: [{ buttons: [offered] }] })}::jsonb`),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A message with who wrote it: the member (customer messages of a member), the operator (agent messages). */
export interface MessageView extends MessageRow {
  memberPhone: string | null;
  memberName: string | null;
  operatorName: string | null;
}

/** One page of a conversation, newest first. */
export async function messagePage(db: Queryable, conversationId: number, skip: number, limit: number): Promise<MessageView[]> {
  const rows = await db
    .select({ message: chatMessages, memberPhone: users.phone, memberName: users.name, operatorName: operators.name })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .leftJoin(users, and(eq(users.id, chatConversations.userId), eq(chatMessages.sender, 'customer')))
    .leftJoin(operators, eq(operators.id, chatMessages.operatorId))
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(desc(chatMessages.id))
    .offset(skip)
    .limit(limit);
  return rows.map(({ message, ...names }) => ({ ...message, ...names }));
}

/** The names beside one message (the answer to its sender, the event to the room). */
export async function messageNames(db: Queryable, message: MessageRow): Promise<MessageView> {
  const [names] = await db
    .select({ memberPhone: users.phone, memberName: users.name, operatorName: operators.name })
    .from(chatConversations)
    .leftJoin(users, and(eq(users.id, chatConversations.userId), sql`${message.sender} = 'customer'`))
    .leftJoin(operators, message.operatorId === null ? sql`false` : eq(operators.id, message.operatorId))
    .where(eq(chatConversations.id, message.conversationId));
  return { ...message, memberPhone: names?.memberPhone ?? null, memberName: names?.memberName ?? null, operatorName: names?.operatorName ?? null };
}

// ---------------------------------------------------------------- media

export async function insertMedia(db: Queryable, media: MediaRow): Promise<void> {
  await db.insert(chatMedia).values(media);
}

/** Bytes stored as chat media since `since` by one uploader or from one guest address, and when the oldest of them was stored (null: none). */
export async function mediaStoredSince(
  db: Queryable,
  by: { uploader: string } | { guestAddress: string },
  since: Date,
): Promise<{ bytes: number; oldest: Date | null }> {
  const whose = 'uploader' in by ? eq(chatMedia.uploader, by.uploader) : eq(chatMedia.guestAddress, by.guestAddress);
  const [row] = await db
    .select({ bytes: sum(chatMedia.bytes), oldest: min(chatMedia.createdAt) })
    .from(chatMedia)
    .where(and(whose, gt(chatMedia.createdAt, since)));
  return { bytes: Number(row?.bytes ?? 0), oldest: row?.oldest ?? null };
}

/** Bytes of every chat file stored. */
export async function mediaStoredInAll(db: Queryable): Promise<{ bytes: number; byGuests: number }> {
  const [row] = await db
    .select({ bytes: sum(chatMedia.bytes), byGuests: sql<string | null>`sum(${chatMedia.bytes}) filter (where ${chatMedia.uploader} like 'guest:%')` })
    .from(chatMedia);
  return { bytes: Number(row?.bytes ?? 0), byGuests: Number(row?.byGuests ?? 0) };
}

/**
 * Holds `key` until the transaction ends (a PostgreSQL advisory lock):
 * uploads counted under one key check and store one after another.
 */
export async function lockQuota(tx: Queryable, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`chat-media:${key}`}, 0))`);
}

/** The media stored under `key` for this conversation; undefined for another conversation's or none. */
export async function findConversationMedia(db: Queryable, conversationId: number, key: string): Promise<MediaRow | undefined> {
  const [row] = await db
    .select()
    .from(chatMedia)
    .where(and(eq(chatMedia.key, key), eq(chatMedia.conversationId, conversationId)));
  return row;
}

/**
 * A media message of the file's own conversation names it (a message may
 * name no other conversation's file, and stores the uploaded key as its
 * filePath: chat/messages.ts storedBody). Read through the messages'
 * conversation index.
 */
const namedByAMessage = sql`exists (select 1 from ${chatMessages} m where m.conversation_id = ${chatMedia.conversationId} and m.message_type = 'media' and m.body -> 'payload' ->> 'filePath' = ${chatMedia.key})`;

/** The bytes of the conversation's uploads no message names yet, and when the oldest of them was uploaded (null: none). */
export async function unsentMediaTotal(db: Queryable, conversationId: number): Promise<{ bytes: number; oldest: Date | null }> {
  const [row] = await db
    .select({ bytes: sum(chatMedia.bytes), oldest: min(chatMedia.createdAt) })
    .from(chatMedia)
    .where(and(eq(chatMedia.conversationId, conversationId), not(namedByAMessage)));
  return { bytes: Number(row?.bytes ?? 0), oldest: row?.oldest ?? null };
}

// ---------------------------------------------------------------- cleanup (chat/cleanup.ts)

/** Conversations holding uploads from before `before` that no message names, a batch at a time. */
export async function conversationsWithUnsentMedia(db: Queryable, before: Date, limit: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: chatMedia.conversationId })
    .from(chatMedia)
    .where(and(lt(chatMedia.createdAt, before), not(namedByAMessage)))
    .orderBy(asc(chatMedia.conversationId))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The conversation's uploads from before `before` that no message names, a batch at a time. */
export async function unsentMediaOf(db: Queryable, conversationId: number, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ key: chatMedia.key })
    .from(chatMedia)
    .where(and(eq(chatMedia.conversationId, conversationId), lt(chatMedia.createdAt, before), not(namedByAMessage)))
    .orderBy(asc(chatMedia.key))
    .limit(limit);
  return rows.map((row) => row.key);
}

/**
 * Closes guests idle since `before`: no visit (last_seen_at) and no message
 * in their conversation since then. Their ids; their tokens are refused from
 * now on. One statement, so a guest who writes at the same moment either
 * wrote first (and is not idle) or finds itself closed.
 */
export async function closeIdleGuests(db: Queryable, before: Date, now: Date): Promise<string[]> {
  const cutoff = before.toISOString();
  const rows = await db
    .update(chatGuests)
    .set({ closedAt: now })
    .where(
      and(
        isNull(chatGuests.closedAt),
        lt(chatGuests.lastSeenAt, before),
        sql`not exists (select 1 from ${chatConversations} c where c.guest_id = ${chatGuests.id} and c.last_message_at >= ${cutoff}::timestamptz)`,
      ),
    )
    .returning({ id: chatGuests.id });
  return rows.map((row) => row.id);
}

/** Marks the conversations of closed guests closed (also those a crashed run left open). */
export async function closeConversationsOfClosedGuests(db: Queryable, now: Date): Promise<void> {
  await db
    .update(chatConversations)
    .set({ closedAt: now })
    .where(
      and(
        isNull(chatConversations.closedAt),
        isNotNull(chatConversations.guestId),
        sql`exists (select 1 from ${chatGuests} g where g.id = ${chatConversations.guestId} and g.closed_at is not null)`,
      ),
    );
}

/** Media of closed conversations still stored, a batch at a time. */
export async function mediaOfClosedConversations(db: Queryable, limit: number): Promise<string[]> {
  const rows = await db
    .select({ key: chatMedia.key })
    .from(chatMedia)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMedia.conversationId))
    .where(isNotNull(chatConversations.closedAt))
    .orderBy(asc(chatMedia.key))
    .limit(limit);
  return rows.map((row) => row.key);
}

export async function deleteMedia(db: Queryable, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.delete(chatMedia).where(inArray(chatMedia.key, keys));
}

/** Deletes the messages of closed conversations; how many. */
export async function deleteMessagesOfClosedConversations(db: Queryable): Promise<number> {
  const rows = await db
    .delete(chatMessages)
    .where(sql`${chatMessages.conversationId} in (select id from ${chatConversations} where closed_at is not null)`)
    .returning({ id: chatMessages.id });
  return rows.length;
}

// ---------------------------------------------------------------- inbox

export interface InboxRow {
  id: number;
  userId: number | null;
  guestId: string | null;
  memberName: string | null;
  memberPhone: string | null;
  lastMessageAt: Date | null;
  closedAt: Date | null;
  lastType: string | null;
  lastBody: unknown;
  unread: number;
}

/** `%`, `_` and the escape character itself match literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A phone number's digits, or part of a member's name. */
function inboxSearch(q: string): SQL | undefined {
  if (q === '') return undefined;
  const digits = q.replace(/\D/g, '');
  const byName = sql`${users.name} ilike ${likePattern(q)} escape '\\'`;
  return digits.length >= 3 ? or(sql`${users.phone} like ${likePattern(digits)} escape '\\'`, byName) : byName;
}

function inboxSelect(db: Queryable) {
  // Both read through the conversation's index (conversation_id, id).
  const lastType = sql<string | null>`(select m.message_type from ${chatMessages} m where m.conversation_id = ${chatConversations.id} order by m.id desc limit 1)`;
  const lastBody = sql<unknown>`(select m.body from ${chatMessages} m where m.conversation_id = ${chatConversations.id} order by m.id desc limit 1)`;
  const unread = sql<number>`(select count(*)::int from ${chatMessages} m where m.conversation_id = ${chatConversations.id} and m.sender = 'customer' and (${chatConversations.agentReadAt} is null or m.created_at > ${chatConversations.agentReadAt}))`;
  return db
    .select({
      id: chatConversations.id,
      userId: chatConversations.userId,
      guestId: chatConversations.guestId,
      memberName: users.name,
      memberPhone: users.phone,
      lastMessageAt: chatConversations.lastMessageAt,
      closedAt: chatConversations.closedAt,
      lastType,
      lastBody,
      unread,
    })
    .from(chatConversations)
    .leftJoin(users, eq(users.id, chatConversations.userId));
}

/**
 * One page of conversations, the latest message first, and how many match.
 * A conversation with no message yet (a file uploaded, never sent) is not
 * listed: there is nothing to answer.
 */
export async function inboxPage(db: Queryable, q: string, skip: number, limit: number): Promise<{ rows: InboxRow[]; total: number }> {
  const where = and(isNotNull(chatConversations.lastMessageAt), inboxSearch(q));
  const rows = await inboxSelect(db)
    .where(where)
    .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
    .offset(skip)
    .limit(limit);
  const [counted] = await db
    .select({ total: count() })
    .from(chatConversations)
    .leftJoin(users, eq(users.id, chatConversations.userId))
    .where(where);
  return { rows: rows.map(withNumberUnread), total: counted?.total ?? 0 };
}

export async function inboxRow(db: Queryable, id: number): Promise<InboxRow | undefined> {
  const [row] = await inboxSelect(db).where(eq(chatConversations.id, id));
  return row && withNumberUnread(row);
}

// PGlite and pg both answer ::int as a number; the cast keeps it one if a driver sends text.
function withNumberUnread<R extends { unread: number }>(row: R): R {
  return { ...row, unread: Number(row.unread) };
}

// ---------------------------------------------------------------- canned replies

export function listCanned(db: Queryable): Promise<CannedRow[]> {
  return db.select().from(chatCannedReplies).orderBy(asc(chatCannedReplies.title), asc(chatCannedReplies.id));
}

export async function insertCanned(db: Queryable, reply: Omit<CannedRow, 'id'>): Promise<CannedRow> {
  const [row] = await db.insert(chatCannedReplies).values(reply).returning();
  if (!row) throw new Error('inserting a canned reply returned nothing');
  return row;
}

export async function updateCanned(db: Queryable, id: number, change: Omit<CannedRow, 'id'>): Promise<CannedRow | undefined> {
  const [row] = await db.update(chatCannedReplies).set(change).where(eq(chatCannedReplies.id, id)).returning();
  return row;
}

export async function deleteCanned(db: Queryable, id: number): Promise<CannedRow | undefined> {
  const [row] = await db.delete(chatCannedReplies).where(eq(chatCannedReplies.id, id)).returning();
  return row;
}

export async function cannedCount(db: Queryable): Promise<number> {
  const [row] = await db.select({ total: count() }).from(chatCannedReplies);
  return row?.total ?? 0;
}
