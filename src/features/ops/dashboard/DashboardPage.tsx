/**
 * /ops/dashboard (every role, the console's first area): today in figures —
 * deposits and payouts per currency, new members — and the work waiting
 * (slips to review, approvals, chats, bonuses in play); and the ledger
 * check: when it last ran and what it found, run again on demand by finance
 * or an admin (machines/ledger-check).
 */
import type { ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type * as v from 'valibot';
import { ledgerCheckActors } from '../../../../machines/ledger-check/ledger-check.actors.ts';
import { ledgerCheckMachine } from '../../../../machines/ledger-check/ledger-check.machine.ts';
import { endpoints } from '../../../contract/endpoints.ts';
import type { DashboardResponse } from '../../../contract/ops.ts';
import { MessageText } from '../../errors/message-text.tsx';
import { formatTimeOrDateTime } from '../../ui/time-of-day.ts';
import { formatMoney } from '../../ui/money.ts';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { mayCall, type AreaPageProps } from '../console/area-page.ts';
import { opsApi } from '../ops-session.ts';
import { useOpsEndpointRead } from '../use-ops-read.ts';
import './dashboard.css';
import { ReadFailed } from '../console/ReadFailed.tsx';

type Dashboard = v.InferOutput<typeof DashboardResponse>;

export default function DashboardPage({ operator }: AreaPageProps) {
  const { t } = useLingui();
  useDocumentTitle(t`Dashboard`);
  const figures = useOpsEndpointRead('opsDashboard');
  const data = figures.data;

  return (
    <div className="ops-page">
      <div className="ops-page__head">
        <h1>
          <Trans>Today</Trans>
          {data && <span className="ops-dashboard__day muted"> {data.day}</span>}
        </h1>
        <button type="button" className="button button--secondary" disabled={figures.busy} onClick={figures.reload}>
          <Trans>Refresh</Trans>
        </button>
      </div>
      {figures.failed && (
        <ReadFailed failure={figures.failure} onRetry={figures.retry} />
      )}
      {data && (
        <>
          <section className="ops-dashboard__grid" aria-label={t`Today's figures`} aria-busy={figures.busy}>
            <MoneyFigure title={<Trans>Deposits</Trans>} totals={data.deposits} />
            <MoneyFigure title={<Trans>Payouts</Trans>} totals={data.payouts} />
            <CountFigure title={<Trans>New members</Trans>} count={data.newMembers} />
          </section>
          <section className="ops-dashboard__grid" aria-label={t`Waiting`}>
            <CountFigure title={<Trans>Slips to review</Trans>} count={data.pendingSlips} waiting />
            <CountFigure title={<Trans>Approvals waiting</Trans>} count={data.pendingApprovals} waiting />
            <CountFigure title={<Trans>Chats waiting for a reply</Trans>} count={data.openChats} waiting />
            <CountFigure title={<Trans>Bonuses in play</Trans>} count={data.activeBonuses} />
          </section>
          <LedgerCard last={data.ledgerCheck} mayRun={mayCall(operator, endpoints.opsLedgerCheck)} onChecked={figures.reload} />
        </>
      )}
    </div>
  );
}

function MoneyFigure({ title, totals }: { title: ReactNode; totals: Dashboard['deposits'] }) {
  return (
    <div className="card ops-dashboard__figure">
      <h2>{title}</h2>
      {totals.length === 0 ? (
        <p className="ops-dashboard__number">
          <Trans>None yet</Trans>
        </p>
      ) : (
        totals.map(({ currency, count, amount }) => (
          <p key={currency} className="ops-dashboard__money">
            <span className="ops-dashboard__number">{formatMoney(amount, currency)}</span>
            <span className="muted">
              <Plural value={count} one="# movement" other="# movements" />
            </span>
          </p>
        ))
      )}
    </div>
  );
}

function CountFigure({ title, count, waiting = false }: { title: ReactNode; count: number; waiting?: boolean }) {
  return (
    <div className="card ops-dashboard__figure">
      <h2>{title}</h2>
      <p className={`ops-dashboard__number${waiting && count > 0 ? ' ops-dashboard__number--waiting' : ''}`}>{count}</p>
    </div>
  );
}

function LedgerCard({ last, mayRun, onChecked }: { last: Dashboard['ledgerCheck']; mayRun: boolean; onChecked: () => void }) {
  const check = useActorRef(ledgerCheckMachine.provide({ actors: ledgerCheckActors(opsApi), actions: { checked: onChecked } }));
  const running = useSelector(check, (snapshot) => snapshot.hasTag('running'));
  const error = useSelector(check, (snapshot) => snapshot.context.error);
  const failed = useSelector(check, (snapshot) => snapshot.hasTag('failed'));
  // This run's answer until the dashboard has read it back.
  const shown = useSelector(check, (snapshot) => snapshot.context.result) ?? last;
  const result = last && shown && last.checkedAt >= shown.checkedAt ? last : shown;

  return (
    <section className="card stack ops-dashboard__ledger" aria-labelledby="ops-ledger-title">
      <div className="ops-page__head">
        <h2 id="ops-ledger-title">
          <Trans>Ledger check</Trans>
        </h2>
        {mayRun && (
          <button type="button" className="button button--primary" disabled={running} onClick={() => check.send({ type: 'check.run' })}>
            {running ? <Trans>Checking…</Trans> : <Trans>Check the ledger now</Trans>}
          </button>
        )}
      </div>
      <div role="status">
        {result === null ? (
          <p className="muted">
            <Trans>Not checked yet.</Trans>
          </p>
        ) : (
          <LedgerResult result={result} />
        )}
      </div>
      {failed && error && (
        <p className="form-error" role="alert">
          <MessageText message={error} />
        </p>
      )}
    </section>
  );
}

function LedgerResult({ result }: { result: NonNullable<Dashboard['ledgerCheck']> }) {
  const when = formatTimeOrDateTime(result.checkedAt);
  const who = result.checkedBy;
  return (
    <div className="stack">
      <p>
        <Trans>
          Last checked {when} by {who}:
        </Trans>{' '}
        {result.balanced ? (
          <span className="ops-status ops-status--good">
            <Trans>balanced</Trans>
          </span>
        ) : (
          <span className="ops-status ops-status--bad">
            <Trans>not balanced</Trans>
          </span>
        )}
      </p>
      {!result.balanced && (
        <ul className="ops-dashboard__problems">
          {result.problems.map((problem) => (
            <li key={problem}>
              <code>{problem}</code>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
