/**
 * The refund modal (spec 2 Refund modal), driven by the refund-receive
 * machine the home invokes: the refund check (what accrued, the periods
 * that earned a refund and those that did not, the conditions), receive
 * (disabled while a bonus is held, with why), the not-found text when there
 * is no refund, the log table 10 a page (spec 9), and the result once
 * received; without an answer to receive, a retry that asks again under the
 * same key. A chunk of its own.
 */
import { useId } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import { canReceiveRefund, type refundReceiveMachine } from '../../../machines/refund-receive/refund-receive.machine.ts';
import type { RefundCheck, RefundLog } from '../../../machines/refund-receive/refund-receive.types.ts';
import type { WalletResponse } from '../../contract/api.ts';
import { MessageText, preloadMessageTexts } from '../errors/message-text.tsx';
import { OutcomeUnknown, ResultMark } from '../money/money-parts.tsx';
import { memberCurrency } from '../ui/currency.ts';
import { Modal } from '../ui/Modal.tsx';
import { Skeleton } from '../ui/ReadPending.tsx';
import { formatMoney, type Currency } from '../ui/money.ts';
import { SafeHtml } from '../ui/SafeHtml.tsx';
import { ErrorLine } from '../ui/Form.tsx';
import { PagedList, usePagedTable } from './PagedList.tsx';
import { formatPeriodStart } from './rewards-dates.ts';
import './rewards.css';

type RefundRef = ActorRefFrom<typeof refundReceiveMachine>;

export default function RefundModal({ machine, wallet }: { machine: RefundRef; wallet: WalletResponse }) {
  const { t } = useLingui();
  const currency = memberCurrency(wallet.bankAccount?.currency);
  const busy = useSelector(machine, (snapshot) => snapshot.hasTag('busy'));
  const step = useSelector(machine, (snapshot) =>
    (['ready', 'notFound', 'received', 'uncertain'] as const).find((tag) => snapshot.hasTag(tag)) ?? 'checking',
  );
  const error = useSelector(machine, (snapshot) => snapshot.context.error);
  const skeleton = useSelector(machine, (snapshot) => snapshot.hasTag('skeleton'));
  const table = usePagedTable(machine, 'logsLoading');
  const close = () => machine.send({ type: 'modal.close' });

  return (
    <Modal open onOpenChange={(open) => !open && close()} canClose={() => !busy} title={<Trans>Refund</Trans>}>
      <div className="stack">
        {step === 'checking' && (
          <div className={`stack${skeleton ? '' : ' reward-list--quiet'}`} aria-busy="true">
            <span className="visually-hidden">
              <Trans>Loading…</Trans>
            </span>
            <Skeleton shapes={['title', 'line', 'button']} />
          </div>
        )}
        {step === 'notFound' && (
          <p className="reward-empty">
            <Trans>No refund found. When you play and a period ends with a net loss, your refund shows here.</Trans>
          </p>
        )}
        {step === 'ready' && <RefundCheckView machine={machine} currency={currency} busy={busy} />}
        {step === 'received' && <RefundReceived machine={machine} currency={currency} onClose={close} />}
        {step === 'uncertain' && (
          <OutcomeUnknown message={error ?? 'NETWORK_ERROR'} onRetry={() => machine.send({ type: 'refund.retry' })} onClose={close} />
        )}
        {step !== 'received' && (
          <PagedList
            heading={<Trans>Refund history</Trans>}
            pagesLabel={t`Refund pages`}
            {...table}
            empty={<Trans>No refunds yet.</Trans>}
            rowKey={(refund) => refund._id}
            renderRow={(refund) => <RefundRow refund={refund} currency={currency} />}
            onPage={(wanted) => machine.send({ type: 'refunds.page', page: wanted })}
          />
        )}
      </div>
    </Modal>
  );
}

function RefundCheckView({ machine, currency, busy }: { machine: RefundRef; currency: Currency; busy: boolean }) {
  const errorId = useId();
  const check = useSelector(machine, (snapshot) => snapshot.context.check) as RefundCheck;
  const error = useSelector(machine, (snapshot) => snapshot.context.error);
  const receivable = canReceiveRefund(check);
  const amount = formatMoney(check.refundAmount, currency);
  const minimum = formatMoney(check.minimum, currency);
  const { percent, refundSuccess, refundFail } = check;

  return (
    <div className="stack">
      <div className="reward-total">
        <p className="reward-total__label">
          <Trans>Refund to receive</Trans>
        </p>
        <p className="reward-total__amount mono">{amount}</p>
        <p className="small">
          {check.period === 'day' ? (
            <Trans>{percent}% of your net game loss, each day</Trans>
          ) : (
            <Trans>{percent}% of your net game loss, each week</Trans>
          )}
        </p>
      </div>
      <dl className="reward-facts">
        <div>
          <dt>
            <Trans>Periods refunded</Trans>
          </dt>
          <dd>{refundSuccess}</dd>
        </div>
        <div>
          <dt>
            <Trans>Periods without a refund</Trans>
          </dt>
          <dd>{refundFail}</dd>
        </div>
      </dl>
      {check.info.trim() !== '' && <SafeHtml html={check.info} className="rich-text reward-conditions" />}
      {check.bonus ? (
        <p className="reward-note reward-note--warning">
          <Trans>You hold a bonus. You can receive the refund once the bonus has ended.</Trans>
        </p>
      ) : (
        !receivable && (
          <p className="reward-note">
            <Trans>You can receive the refund once it is more than {minimum}.</Trans>
          </p>
        )
      )}
      <ErrorLine id={errorId}>{error && <MessageText message={error} />}</ErrorLine>
      <button
        type="button"
        className="button button--primary button--block"
        disabled={!receivable || busy}
        aria-describedby={error ? errorId : undefined}
        onClick={() => {
          preloadMessageTexts();
          machine.send({ type: 'refund.receive' });
        }}
      >
        {busy ? <Trans>Receiving…</Trans> : <Trans>Receive refund</Trans>}
      </button>
    </div>
  );
}

/** The result, plainly (docs/product/ui.md): what reached the wallet. */
function RefundReceived({ machine, currency, onClose }: { machine: RefundRef; currency: Currency; onClose: () => void }) {
  const received = useSelector(machine, (snapshot) => snapshot.context.received ?? 0);
  const amount = formatMoney(received, currency);
  return (
    <div className="stack center" role="status">
      <ResultMark success />
      <p className="reward-total__label">
        <Trans>Refund received</Trans>
      </p>
      <p className="reward-total__amount mono">{amount}</p>
      <p>
        <Trans>{amount} was added to your wallet.</Trans>
      </p>
      <button type="button" className="button button--primary button--block" onClick={onClose}>
        <Trans>Done</Trans>
      </button>
    </div>
  );
}

function RefundRow({ refund, currency }: { refund: RefundLog; currency: Currency }) {
  const loss = formatMoney(refund.loss, currency);
  const start = formatPeriodStart(refund.periodStart);
  return (
    <>
      <div className="reward-row__main">
        <span className="reward-row__title">
          <Trans>Period from {start}</Trans>
        </span>
        <span className="reward-row__time">
          <Trans>Net loss {loss}</Trans>
        </span>
      </div>
      <div className="reward-row__side">
        <span className="reward-row__amount">{formatMoney(refund.refundAmount, currency)}</span>
        <span className={`reward-badge reward-badge--${refund.received ? 'collected' : 'success'}`}>
          {refund.received ? <Trans>Received</Trans> : <Trans>To receive</Trans>}
        </span>
      </div>
    </>
  );
}
