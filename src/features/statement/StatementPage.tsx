/**
 * Statement (spec 2, 4, 7, 9): 10 entries a page, each with an icon, its
 * activity, status, time (DD/MM/YYYY HH:mm:ss and how long ago) and signed
 * amount; page links 3 before and 1 after the current page. The page lives
 * in the address (?page=), the reading in the statement machine. A refused
 * load is silently ignored (spec 7): the last page or the empty state stays.
 * A load without an answer waits (what is shown stays, or the skeleton) and
 * reads again by itself, at once when the connection is back
 * (docs/decisions/0146-reads-that-wait.md).
 * The upload-status button opens the slip modal (SlipModal.tsx).
 */
import './statement.css';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Link, useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { WALLET, type StatementItem } from '../../contract/api.ts';
import { statementActors } from '../../../machines/statement/statement.actors.ts';
import { STATEMENT_PAGE_SIZE, statementMachine } from '../../../machines/statement/statement.machine.ts';
import { useApi } from '../../app/use-app.ts';
import { useBackOnline } from '../ui/use-back-online.ts';
import { memberCurrency } from '../ui/currency.ts';
import { formatDateTime } from '../ui/date-time.ts';
import { formatMoney, type Currency } from '../ui/money.ts';
import {
  DepositIcon,
  GiftIcon,
  StatementIcon,
  TransferIcon,
  WithdrawIcon,
} from '../ui/member-icons.tsx';
import { timeAgo, type TimeAgoUnit } from '../ui/time-ago.ts';
import { useDocumentTitle } from '../ui/use-document-title.ts';
import { Pagination, type PageLink } from './Pagination.tsx';
import { FinishBonusIcon, SlipUploadIcon, UnknownIcon } from './statement-icons.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { SafeHtml } from '../ui/SafeHtml.tsx';
import {
  amountSign,
  pageCount,
  statementKind,
  type StatementKind,
} from './statement-rules.ts';

type IconComponent = ComponentType<{ size?: number }>;

const KIND_ICONS: Record<StatementKind, IconComponent> = {
  deposit: DepositIcon,
  bonus: GiftIcon,
  finish_bonus: FinishBonusIcon,
  withdraw: WithdrawIcon,
  transfer: TransferIcon,
  unknown: UnknownIcon,
};

const EXACT = { exact: true, includeSearch: true } as const;

/** The slip modal (and Radix's dialog) load when the member opens it. */
const SlipModal = lazy(() => import('./SlipModal.tsx'));

/** The search schema's page (absent means 1). */
const pageOf = (search: { page?: number }) => search.page ?? 1;

/** "3 minutes ago" should not stand still while the page is open. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function StatementPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Statement`);
  const api = useApi();
  const page = pageOf(useSearch({ from: '/_member/user/statement' }));

  const statement = useActorRef(
    statementMachine.provide({
      actors: statementActors(api),
      actions: {
        // spec 7: failed statement loads are silently ignored.
        logFailure: (_, { message }) => console.warn(`statement: read failed (${message})`),
      },
    }),
    { input: { page } },
  );

  // The address is the source of the page: links, back and forward all land here.
  useEffect(() => {
    statement.send({ type: 'statement.page', page });
  }, [statement, page]);
  useBackOnline(() => statement.send({ type: 'read.online' }));

  // The machine keeps rows untyped; this view's loadPage gives statement entries.
  const statements = useSelector(statement, (snapshot) => snapshot.context.rows as StatementItem[]);
  const total = useSelector(statement, (snapshot) => snapshot.context.total);
  const shownPage = useSelector(statement, (snapshot) => snapshot.context.shownPage);
  const gameNames = useSelector(statement, (snapshot) => snapshot.context.gameNames);
  const accountCurrency = useSelector(statement, (snapshot) => snapshot.context.currency);
  const loading = useSelector(statement, (snapshot) => snapshot.hasTag('loading'));
  // A slow first page, or one waiting for the network with nothing read yet (the machine tags both), shows the skeleton, not "No transactions yet".
  const skeleton = useSelector(statement, (snapshot) => snapshot.hasTag('skeleton'));
  const now = useNow(30_000);
  const [slipsOpen, setSlipsOpen] = useState(false);

  const currency = memberCurrency(accountCurrency);
  const accountName = (code: string) => (code.toUpperCase() === WALLET ? t`Wallet` : (gameNames[code] ?? code));
  const last = pageCount(total, STATEMENT_PAGE_SIZE);

  let body;
  if (skeleton || (loading && shownPage === null)) {
    body = <StatementSkeleton visible={skeleton} />;
  } else if (statements.length > 0) {
    body = (
      <ol className="statement-list" aria-labelledby="statement-title" aria-busy={loading}>
        {statements.map((item) => (
          <StatementRow key={item._id} item={item} currency={currency} accountName={accountName} now={now} />
        ))}
      </ol>
    );
  } else if (total > 0) {
    body = (
      <div className="card card--center stack">
        <p>
          <Trans>There is nothing on this page.</Trans>
        </p>
        <Link to="/user/statement" search={{}} className="button button--secondary">
          <Trans>Go to the first page</Trans>
        </Link>
      </div>
    );
  } else {
    body = (
      <div className="card card--center stack">
        <span className="placeholder-icon">
          <StatementIcon size={40} />
        </span>
        <h2>
          <Trans>No transactions yet</Trans>
        </h2>
        <p className="muted">
          <Trans>Your deposits, transfers, bonuses and withdrawals will be listed here.</Trans>
        </p>
      </div>
    );
  }

  return (
    <div className="stack stack--page">
      <div className="statement-heading">
        <h1 id="statement-title">
          <Trans>Statement</Trans>
        </h1>
        {/* spec 2: the upload-status button opens the slip modal. */}
        <button type="button" className="button button--secondary" onClick={() => setSlipsOpen(true)}>
          <SlipUploadIcon size={20} />
          <Trans>Slip uploads</Trans>
        </button>
      </div>
      {body}
      {last > 1 && <Pagination current={page} last={last} label={t`Statement pages`} pageLink={statementPageLink} />}
      {slipsOpen && (
        <Suspense fallback={null}>
          <SlipModal onClose={() => setSlipsOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

function StatementSkeleton({ visible }: { visible: boolean }) {
  return (
    <div className={`statement-list${visible ? '' : ' statement-list--quiet'}`} aria-busy="true">
      <span className="visually-hidden">
        <Trans>Loading…</Trans>
      </span>
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className="statement-item" aria-hidden="true">
          <span className="skeleton statement-item__icon" />
          <div className="statement-item__main stack">
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--line skeleton--short" />
          </div>
        </div>
      ))}
    </div>
  );
}

function StatementRow({
  item,
  currency,
  accountName,
  now,
}: {
  item: StatementItem;
  currency: Currency;
  accountName: (code: string) => string;
  now: number;
}) {
  const { t } = useLingui();
  const kind = statementKind(item.statementType);
  const sign = amountSign(kind);
  const KindIcon = KIND_ICONS[kind];
  const from = accountName(item.from);
  const to = accountName(item.to);
  // spec 3: the record a row belongs to (a bonus, a promotion, an invite, a refund, a wheel prize), by its
  // description (the server's HTML, sanitised).
  const linked = item.bonus ?? item.promotion ?? item.invite ?? item.refund ?? item.luckydraw;

  return (
    <li className="statement-item">
      <span className={`statement-item__icon statement-item__icon--${kind}`}>
        <KindIcon size={22} />
      </span>
      <div className="statement-item__main">
        <p className="statement-item__activity">
          <ActivityText kind={kind} />
        </p>
        {linked && <SafeHtml className="statement-item__route rich-text" html={linked.description} />}
        {kind === 'transfer' && (
          <p className="statement-item__route">
            <span aria-hidden="true">
              {from} → {to}
            </span>
            <span className="visually-hidden">{t`From ${from} to ${to}`}</span>
          </p>
        )}
        <p className="statement-item__time">
          <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
          <span className="statement-item__ago">
            <TimeAgo iso={item.createdAt} now={now} />
          </span>
        </p>
      </div>
      <div className="statement-item__side">
        <p className={`statement-item__amount${sign === '+' ? ' statement-item__amount--in' : ''}`}>
          {formatMoney(item.amount, currency, sign)}
        </p>
        <StatusBadge status={item.status} />
      </div>
    </li>
  );
}

/**
 * spec 9: how long ago, in the largest whole unit (a year 365 days, a month
 * 30). Worded by our catalogues, not Intl.RelativeTimeFormat: Chromium ships
 * no Lao data for it and would print English.
 */
function TimeAgo({ iso, now }: { iso: string; now: number }) {
  const { t } = useLingui();
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  const { count, unit } = timeAgo(now - at);
  return <>{count === 0 ? t`just now` : timeAgoText(count, unit)}</>;
}

function timeAgoText(count: number, unit: TimeAgoUnit): string {
  switch (unit) {
    case 'year':
      return plural(count, { one: '# year ago', other: '# years ago' });
    case 'month':
      return plural(count, { one: '# month ago', other: '# months ago' });
    case 'day':
      return plural(count, { one: '# day ago', other: '# days ago' });
    case 'hour':
      return plural(count, { one: '# hour ago', other: '# hours ago' });
    case 'minute':
      return plural(count, { one: '# minute ago', other: '# minutes ago' });
    case 'second':
      return plural(count, { one: '# second ago', other: '# seconds ago' });
  }
}

function ActivityText({ kind }: { kind: StatementKind }) {
  switch (kind) {
    case 'deposit':
      return <Trans>Deposit</Trans>;
    case 'bonus':
      return <Trans>Bonus</Trans>;
    case 'finish_bonus':
      return <Trans>Bonus ended</Trans>;
    case 'withdraw':
      return <Trans>Withdrawal</Trans>;
    case 'transfer':
      return <Trans>Transfer</Trans>;
    case 'unknown':
      return <Trans>Other transaction</Trans>;
  }
}

/**
 * The statement's page links go to addresses. The router marks the link to
 * the address's page with aria-current="page" exactly: by default a link to
 * page 1 (no search) would count as active on every page, its empty search
 * being part of any other. After a failed load the last page read stays
 * listed under the address's page (spec 7).
 */
const statementPageLink: PageLink = (page, props) => (
  <Link to="/user/statement" search={page === 1 ? {} : { page }} activeOptions={EXACT} {...props} />
);
