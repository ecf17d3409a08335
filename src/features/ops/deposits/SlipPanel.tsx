/**
 * One slip open beside the queue (machines/slip-review): its picture, the
 * reference its QR gave, the member's bank account and what the server
 * found (other slips with the reference, a credit it already has, an
 * approval that waits, the slip verifier's record from the bank), then the decision: approve with the amount read
 * off the slip, or reject with a reason of spec 8, each confirmed first
 * with exactly what will happen.
 */
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import { undecided, type slipReviewMachine } from '../../../../machines/slip-review/slip-review.machine.ts';
import { positiveAmount } from '../../../../machines/shared/amount.ts';
import type { SlipReviewContext } from '../../../../machines/slip-review/slip-review.types.ts';
import { groupAccountNumber } from '../../../contract/rules/members.ts';
import type { OpsSlipDetail } from '../../../contract/deposit.ts';
import { MessageText } from '../../errors/message-text.tsx';
import { formatDateTime } from '../../ui/date-time.ts';
import { ErrorLine, Form } from '../../ui/Form.tsx';
import { Field } from '../../ui/Field.tsx';
import { formatMoney } from '../../ui/money.ts';
import { SelectField } from '../../ui/SelectField.tsx';
import { ConfirmDialog } from '../console/ConfirmDialog.tsx';
import { SlipFindings } from './SlipFindings.tsx';
import { SLIP_REASONS } from './slip-reasons.ts';
import { SlipStatusWord } from './SlipStatusWord.tsx';
import { VerifierFindings } from './VerifierFindings.tsx';

type Review = ActorRefFrom<typeof slipReviewMachine>;

export function SlipPanel({ review }: { review: Review }) {
  const { t } = useLingui();
  const context = useSelector(review, (snapshot) => snapshot.context);
  const loading = useSelector(review, (snapshot) => snapshot.hasTag('loading'));
  const loadFailed = useSelector(review, (snapshot) => snapshot.hasTag('loadFailed'));
  const { detail } = context;

  return (
    <section className="slips__panel card stack" aria-label={t`Slip ${context.slipId ?? ''}`} aria-busy={loading}>
      <div className="slips__panel-head">
        <h2>
          <Trans>Slip {context.slipId}</Trans>
        </h2>
        <Link to="/ops/$" params={{ _splat: 'deposits' }} search={(previous: Record<string, unknown>) => previous} className="button button--secondary">
          <Trans>Close</Trans>
        </Link>
      </div>
      {loading && (
        <p className="muted">
          <Trans>Loading the slip…</Trans>
        </p>
      )}
      {loadFailed && (
        <div className="stack">
          <ErrorLine>{context.error && <MessageText message={context.error} />}</ErrorLine>
          <button type="button" className="button button--secondary" onClick={() => review.send({ type: 'slip.retry' })}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      {detail && !loading && <SlipBody review={review} context={context} detail={detail} />}
    </section>
  );
}

/** What the last decision did, announced (role=status) above the queue and the next slip. */
export function DecidedLine({ decided }: { decided: SlipReviewContext['decided'] }) {
  if (!decided) return null;
  const amount = decided.amount === null ? '' : formatMoney(decided.amount, decided.currency);
  const { slipId, member } = decided;
  return (
    <p className="slips__decided" role="status">
      {decided.outcome === 'approved' && (
        <Trans>
          Slip {slipId} approved: {amount} credited to {member}.
        </Trans>
      )}
      {decided.outcome === 'waiting' && (
        <Trans>
          Slip {slipId}: {amount} to {member} is waiting for a second operator.
        </Trans>
      )}
      {decided.outcome === 'rejected' && (
        <Trans>
          Slip {slipId} of {member} rejected.
        </Trans>
      )}
    </p>
  );
}

function SlipBody({ review, context, detail }: { review: Review; context: SlipReviewContext; detail: OpsSlipDetail }) {
  const { t, i18n } = useLingui();
  const busy = useSelector(review, (snapshot) => snapshot.hasTag('busy'));
  const confirming = useSelector(review, (snapshot) => (snapshot.hasTag('confirm:approve') ? 'approve' : snapshot.hasTag('confirm:reject') ? 'reject' : null));
  const { slip, bank, currency } = detail;
  const amount = positiveAmount(context.amount);
  const account = bank ? `${bank.code} ${groupAccountNumber(bank.accountNo)}` : t`no bank account`;
  const money = amount === null ? '' : formatMoney(amount, currency);
  const reason = SLIP_REASONS.find((choice) => choice.code === context.note);
  const reasonLabel = reason ? i18n._(reason.label) : '';
  const open = undecided(detail);

  return (
    <>
      <div className="slips__detail">
        <a className="slips__image" href={slip.link} target="_blank" rel="noreferrer">
          <img src={slip.link} alt={t`The slip ${slip.name} uploaded`} />
        </a>
        <dl className="slips__facts">
          <dt>
            <Trans>Member</Trans>
          </dt>
          <dd>
            {slip.name} <span className="muted">{slip.username}</span>
          </dd>
          <dt>
            <Trans>Bank account</Trans>
          </dt>
          <dd>{bank ? `${bank.name} · ${groupAccountNumber(bank.accountNo)} · ${bank.accountName}` : <Trans>None registered</Trans>}</dd>
          <dt>
            <Trans>Reference from the QR</Trans>
          </dt>
          <dd className="mono">{slip.reference || '–'}</dd>
          <dt>
            <Trans>Sending bank</Trans>
          </dt>
          <dd>{slip.sendingBank || '–'}</dd>
          <dt>
            <Trans>Uploaded</Trans>
          </dt>
          <dd>{formatDateTime(slip.createdAt)}</dd>
          <dt>
            <Trans>Status</Trans>
          </dt>
          <dd>
            <SlipStatusWord status={slip.status} /> {slip.note && <MessageText message={slip.note} />}
            {slip.status === 'SUCCESS' && ` ${formatMoney(slip.amount, currency)}`}
          </dd>
        </dl>
      </div>
      <SlipFindings detail={detail} />
      <VerifierFindings verification={detail.verification} currency={currency} />
      {open && (
        <div className="slips__decide">
          <Form busy={busy} onSubmit={() => review.send({ type: 'approve.submit' })}>
            <Field
              label={<Trans>Amount to credit ({currency === 'LAK' ? '₭' : '฿'})</Trans>}
              value={context.amount}
              onValueChange={(value) => review.send({ type: 'amount.change', value })}
              inputMode="decimal"
              autoComplete="off"
              disabled={busy}
              hint={<Trans>The amount on the slip.</Trans>}
            />
            <button type="submit" className="button button--primary" disabled={busy || amount === null || detail.waitingApprovalId !== null}>
              <Trans>Approve</Trans>
            </button>
          </Form>
          <Form busy={busy} onSubmit={() => review.send({ type: 'reject.submit' })}>
            <SelectField
              label={<Trans>Reason to reject</Trans>}
              value={context.note ?? ''}
              onValueChange={(note) =>
                review.send({
                  type: 'reason.choose',
                  note: SLIP_REASONS.find((choice) => choice.code === note)?.code ?? null,
                })
              }
              placeholder={t`Choose a reason`}
              options={SLIP_REASONS.map((choice) => ({
                value: choice.code,
                label: i18n._(choice.label),
              }))}
              disabled={busy}
            />
            <button type="submit" className="button button--secondary" disabled={busy || context.note === null}>
              <Trans>Reject</Trans>
            </button>
          </Form>
        </div>
      )}
      <ErrorLine>{context.error && <MessageText message={context.error} />}</ErrorLine>
      {/* The dialog closes as soon as it is confirmed: the panel itself shows the decision on its way. */}
      <ConfirmDialog
        open={confirming !== null}
        busy={false}
        title={confirming === 'approve' ? <Trans>Approve this deposit?</Trans> : <Trans>Reject this slip?</Trans>}
        description={
          confirming === 'approve' ? (
            <Trans>
              Deposit {money} to {slip.name} ({slip.username}), paid from {account}. Above the approval threshold it waits for a second operator.
            </Trans>
          ) : (
            <Trans>
              Reject slip {slip.id} of {slip.name} as “{reasonLabel}”. Nothing is credited; the member sees the reason.
            </Trans>
          )
        }
        confirm={confirming === 'approve' ? <Trans>Deposit {money}</Trans> : <Trans>Reject slip</Trans>}
        onConfirm={() => review.send({ type: 'decision.confirm' })}
        onCancel={() => review.send({ type: 'decision.cancel' })}
      />
    </>
  );
}
