/**
 * The conversations, newest message first: who (name, phone, or a guest),
 * the last message and its time, how many customer messages no agent has
 * read, and a highlight for a postback the agent has not opened yet. A
 * search box (phone or name) above; the socket keeps the rows current, and
 * a drop shows as "reconnecting".
 */
import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { InboxConversation } from '../../../contract/chat.ts';
import { rowTime } from '../../chat-shared/chat-time.ts';
import { MessageText } from '../../errors/message-text.tsx';
import { OfflineIcon } from '../../ui/icons.tsx';
import { useInbox, useRunningChild } from './inbox-context.ts';
import { FlagIcon, SearchIcon } from './inbox-icons.tsx';
import { InboxProblem } from './InboxProblem.tsx';

export function InboxList() {
  const { t } = useLingui();
  const inbox = useInbox();
  const list = useRunningChild('list');
  const searchId = useId();
  const query = useSelector(list, (snapshot) => snapshot.context.query);
  const rows = useSelector(list, (snapshot) => snapshot.context.conversations);
  const total = useSelector(list, (snapshot) => snapshot.context.total);
  const error = useSelector(list, (snapshot) => snapshot.context.listError);
  const postbacks = useSelector(list, (snapshot) => snapshot.context.postbacks);
  const skeleton = useSelector(list, (snapshot) => snapshot.hasTag('list:skeleton'));
  const failed = useSelector(list, (snapshot) => snapshot.hasTag('list:failed'));
  const loadingMore = useSelector(list, (snapshot) => snapshot.hasTag('list:more'));
  const selectedId = useSelector(inbox, (snapshot) => snapshot.context.selectedId);
  const online = useSelector(inbox, (snapshot) => snapshot.context.online);
  // A socket that failed for good says why above the list (AgentInbox); it is not reconnecting.
  const socketFailed = useSelector(inbox, (snapshot) => snapshot.hasTag('socket:failed'));
  const agents = useSelector(inbox, (snapshot) => snapshot.context.agentsOnline);

  if (error === 'UNAUTHORIZED') return <NoAccess />;

  return (
    <div className="inbox-list">
      <div className="inbox-list__head">
        <label htmlFor={searchId} className="visually-hidden">
          <Trans>Search by phone or name</Trans>
        </label>
        <div className="inbox-search">
          <SearchIcon size={20} />
          <input
            id={searchId}
            className="field__input inbox-search__input"
            type="search"
            inputMode="search"
            autoComplete="off"
            placeholder={t`Phone or name`}
            value={query}
            onChange={(event) => list.send({ type: 'search.change', query: event.target.value })}
          />
        </div>
        <p className="inbox-list__status small muted" role="status">
          {socketFailed ? null : online === false ? (
            <span className="inbox-offline">
              <OfflineIcon size={16} />
              <Trans>Reconnecting…</Trans>
            </span>
          ) : agents !== null ? (
            <Trans>Agents online: {agents}</Trans>
          ) : null}
        </p>
      </div>

      {failed ? (
        <InboxProblem className="inbox-list__problem" onRetry={() => list.send({ type: 'list.retry' })}>
          {error && <MessageText message={error} />}
        </InboxProblem>
      ) : skeleton && rows.length === 0 ? (
        <ListSkeleton />
      ) : rows.length === 0 ? (
        <p className="inbox-list__empty muted">{query.trim() ? <Trans>No conversation matches this search.</Trans> : <Trans>No conversations yet.</Trans>}</p>
      ) : (
        <ul className="inbox-rows" aria-label={t`Conversations`}>
          {rows.map((row) => (
            <li key={row.id}>
              <ConversationRow
                row={row}
                selected={row.id === selectedId}
                postback={postbacks.includes(row.id)}
                onSelect={() => inbox.send({ type: 'conversation.select', id: row.id })}
              />
            </li>
          ))}
        </ul>
      )}

      {!failed && rows.length > 0 && rows.length < total && (
        <div className="inbox-list__more">
          {error && (
            <p className="form-error small">
              <MessageText message={error} />
            </p>
          )}
          <button type="button" className="button button--ghost" disabled={loadingMore} onClick={() => list.send({ type: 'list.more' })}>
            {loadingMore ? <Trans>Loading…</Trans> : <Trans>Show more conversations</Trans>}
          </button>
        </div>
      )}
    </div>
  );
}

/** Who a conversation is with: the member's name, else their phone, else "Guest". */
export function customerName(row: Pick<InboxConversation, 'name' | 'phone' | 'kind'>, guest: string): string {
  return row.name.trim() || row.phone || guest;
}

/**
 * The row's last message: its text; a picture, video or file by its kind in
 * the agent's language (with its caption, if any), since it has no text.
 */
function LastMessagePreview({ row }: { row: Pick<InboxConversation, 'lastMessage' | 'lastMedia'> }) {
  const { t } = useLingui();
  if (row.lastMedia === null) return row.lastMessage;
  const kind = row.lastMedia === 'image' ? t`Photo` : row.lastMedia === 'video' ? t`Video` : t`File`;
  // The kind, then the caption: the pattern is the language's ({0} the kind, {1} the caption).
  return row.lastMessage.trim() ? t`${kind.trim()}: ${row.lastMessage.trim()}` : kind;
}

function ConversationRow({ row, selected, postback, onSelect }: { row: InboxConversation; selected: boolean; postback: boolean; onSelect: () => void }) {
  const { t } = useLingui();
  const name = customerName(row, t`Guest`);
  const unread = row.unread;
  return (
    <button
      type="button"
      className={`inbox-row${selected ? ' inbox-row--selected' : ''}${postback ? ' inbox-row--postback' : ''}${row.unread > 0 ? ' inbox-row--unread' : ''}`}
      aria-current={selected ? 'true' : undefined}
      onClick={onSelect}
    >
      <span className="inbox-row__top">
        <span className="inbox-row__name">{name}</span>
        <time className="inbox-row__time small muted" dateTime={row.lastMessageAt ?? undefined}>
          {rowTime(row.lastMessageAt)}
        </time>
      </span>
      <span className="inbox-row__bottom">
        <span className="inbox-row__preview">
          {postback && (
            <span className="inbox-chip inbox-chip--postback">
              <FlagIcon size={14} />
              <Trans>Button pressed</Trans>
            </span>
          )}
          {row.closed && (
            <span className="inbox-chip">
              <Trans>Ended</Trans>
            </span>
          )}
          <span className="inbox-row__last muted"><LastMessagePreview row={row} /></span>
        </span>
        {row.unread > 0 && (
          <span className="inbox-badge" aria-label={t`${unread} unread`}>
            {row.unread}
          </span>
        )}
      </span>
      <span className="inbox-row__meta small muted">
        {row.kind === 'guest' ? <Trans>Guest</Trans> : row.phone}
      </span>
    </button>
  );
}

function ListSkeleton() {
  return (
    <ul className="inbox-rows" aria-hidden="true">
      {[0, 1, 2, 3, 4].map((index) => (
        <li key={index} className="inbox-row inbox-row--skeleton">
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line skeleton--short" />
        </li>
      ))}
    </ul>
  );
}

function NoAccess() {
  return (
    <InboxProblem className="inbox-list__problem">
      <Trans>This account cannot use the support inbox. Log in with a support or admin operator account.</Trans>
    </InboxProblem>
  );
}
