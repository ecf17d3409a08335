/**
 * QR payments the webhook could not credit at once (no open QR, another
 * amount, after expiry), in a table whose status is in the address; each
 * credited to its member (named by the operator when no QR names one) or
 * dismissed, after a confirmation (machines/payment-review).
 */
import { useEffect, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { paymentReviewActors } from '../../../../machines/payment-review/payment-review.actors.ts';
import { paymentReviewMachine } from '../../../../machines/payment-review/payment-review.machine.ts';
import type { PaymentRow } from '../../../../machines/payment-review/payment-review.types.ts';
import { PAYMENT_STATUSES, PaymentsQuery } from '../../../contract/deposit.ts';
import { MessageText } from '../../errors/message-text.tsx';
import { formatDateTime } from '../../ui/date-time.ts';
import { Field } from '../../ui/Field.tsx';
import { ErrorLine, Form } from '../../ui/Form.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { formatNumber } from '../../ui/money.ts';
import { SelectField } from '../../ui/SelectField.tsx';
import { OpsTable, type Column } from '../console/OpsTable.tsx';
import { useOpsSearch } from '../console/use-ops-search.ts';
import { opsApi } from '../ops-session.ts';
import { useOpsRead } from '../use-ops-read.ts';

export function PaymentQueue() {
  const { t } = useLingui();
  const { search, query, setSearch } = useOpsSearch(PaymentsQuery);
  const [resolutions, setResolutions] = useState(0);
  const review = useActorRef(
    paymentReviewMachine.provide({ actors: paymentReviewActors(opsApi), actions: { paymentResolved: () => setResolutions((count) => count + 1) } }),
  );
  const resolved = useSelector(review, (snapshot) => snapshot.context.resolved);
  const statuses = [
    { value: 'review', label: t`Waiting for review` },
    { value: 'credited', label: t`Credited` },
    { value: 'dismissed', label: t`Dismissed` },
  ] satisfies { value: (typeof PAYMENT_STATUSES)[number]; label: string }[];

  return (
    <section className="stack" aria-label={t`QR payments`}>
      {resolved && (
        <p className="slips__decided" role="status">
          {resolved.outcome === 'credited' && (
            <Trans>
              Payment {resolved.payment.transactionId} credited to {resolved.username}.
            </Trans>
          )}
          {resolved.outcome === 'waiting' && (
            <Trans>
              Payment {resolved.payment.transactionId} to {resolved.username} is waiting for a second operator.
            </Trans>
          )}
          {resolved.outcome === 'dismissed' && <Trans>Payment {resolved.payment.transactionId} dismissed.</Trans>}
        </p>
      )}
      <div className="ops-filters">
        <SelectField
          label={<Trans>Status</Trans>}
          value={search.status}
          onValueChange={(status) => setSearch({ status: status === 'review' ? undefined : status })}
          placeholder={t`Status`}
          options={statuses}
        />
      </div>
      <PaymentTable query={query} resolutions={resolutions} review={review} />
      <PaymentDecision review={review} />
    </section>
  );
}

type Review = ReturnType<typeof useActorRef<typeof paymentReviewMachine>>;

function PaymentTable({ query, resolutions, review }: { query: Record<string, string>; resolutions: number; review: Review }) {
  const { t } = useLingui();
  const table = useOpsRead(JSON.stringify(query), (signal) => opsApi.call('opsPayments', { query, signal }));
  const { reload } = table;
  useEffect(() => {
    if (resolutions > 0) reload();
    // Only a new decision reads again (reload is a new function each render).
  }, [resolutions]);

  const columns: Column<PaymentRow>[] = [
    { id: 'paid', header: <Trans>Paid</Trans>, cell: (payment) => formatDateTime(payment.paidAt) },
    { id: 'provider', header: <Trans>Provider</Trans>, cell: (payment) => payment.provider },
    { id: 'transaction', header: <Trans>Transaction</Trans>, cell: (payment) => <span className="mono">{payment.transactionId}</span> },
    { id: 'member', header: <Trans>Member</Trans>, cell: (payment) => payment.username ?? <span className="muted">{t`No QR names one`}</span> },
    { id: 'reason', header: <Trans>Why it waits</Trans>, cell: (payment) => (payment.reason ? <PaymentReason reason={payment.reason} /> : '–') },
    { id: 'amount', header: <Trans>Amount</Trans>, numeric: true, cell: (payment) => formatNumber(payment.amount) },
    {
      id: 'actions',
      header: <Trans>Actions</Trans>,
      cell: (payment) =>
        payment.status === 'review' ? (
          <span className="button-row payments__actions">
            <button
              type="button"
              className="button button--primary"
              aria-label={t`Credit payment ${payment.transactionId}`}
              onClick={() => review.send({ type: 'payment.credit', payment })}
            >
              <Trans>Credit</Trans>
            </button>
            <button
              type="button"
              className="button button--secondary"
              aria-label={t`Dismiss payment ${payment.transactionId}`}
              onClick={() => review.send({ type: 'payment.dismiss', payment })}
            >
              <Trans>Dismiss</Trans>
            </button>
          </span>
        ) : (
          <span className={payment.status === 'credited' ? 'ops-status ops-status--good' : 'ops-status'}>
            {payment.status === 'credited' ? t`Credited` : t`Dismissed`}
          </span>
        ),
    },
  ];

  return (
    <>
      {table.failure && !table.data && (
        <ErrorLine>
          <MessageText message={table.failure} />
        </ErrorLine>
      )}
      <OpsTable
        caption={<Trans>QR payments, oldest first</Trans>}
        columns={columns}
        rows={table.data?.payments ?? []}
        rowKey={(payment) => payment.id}
        empty={<Trans>No payments here.</Trans>}
        busy={table.busy}
      />
    </>
  );
}

/** Why a payment waits for review (contract/deposit.ts Payment.reason), in the operator's words. */
function PaymentReason({ reason }: { reason: string }) {
  switch (reason) {
    case 'ABOVE_MAXIMUM':
      return <Trans>Above the QR maximum</Trans>;
    case 'UNKNOWN_QR':
      return <Trans>Unknown QR</Trans>;
    case 'OTHER_PROVIDER':
      return <Trans>Paid at another provider</Trans>;
    case 'CHARGE_QR':
      return <Trans>An Opn QR, reported by another provider</Trans>;
    case 'QR_NOT_OPEN':
      return <Trans>QR no longer open</Trans>;
    case 'QR_EXPIRED':
      return <Trans>Paid after the QR expired</Trans>;
    case 'AMOUNT_MISMATCH':
      return <Trans>Another amount than the QR's</Trans>;
    default:
      return <>{reason}</>;
  }
}

/** The member to credit, then the confirmation of a credit or a dismissal. */
function PaymentDecision({ review }: { review: Review }) {
  const context = useSelector(review, (snapshot) => snapshot.context);
  const naming = useSelector(review, (snapshot) => snapshot.hasTag('naming'));
  const confirming = useSelector(review, (snapshot) => (snapshot.hasTag('confirm:credit') ? 'credit' : snapshot.hasTag('confirm:dismiss') ? 'dismiss' : null));
  const busy = useSelector(review, (snapshot) => snapshot.hasTag('busy'));
  const { payment } = context;
  if (!payment) return null;
  const amount = formatNumber(payment.amount);
  const member = context.username.trim();
  const cancel = () => review.send({ type: 'decision.cancel' });

  return (
    <Modal
      open={naming || confirming !== null || busy}
      onOpenChange={(open) => {
        if (!open && !busy) cancel();
      }}
      title={
        naming ? (
          <Trans>Credit payment {payment.transactionId}</Trans>
        ) : confirming === 'dismiss' ? (
          <Trans>Dismiss this payment?</Trans>
        ) : (
          <Trans>Credit this payment?</Trans>
        )
      }
      description={
        naming ? (
          payment.username ? (
            <Trans>No QR is open for it: it is credited to the member whose QR it paid.</Trans>
          ) : (
            <Trans>No QR names a member: type the phone of the member who paid.</Trans>
          )
        ) : confirming === 'dismiss' ? (
          <Trans>
            Payment {payment.transactionId} of {amount} is closed without crediting anyone.
          </Trans>
        ) : (
          <Trans>
            Credit {amount} from {payment.provider} payment {payment.transactionId} to member {member}. Above the approval threshold it waits for a second
            operator.
          </Trans>
        )
      }
    >
      {naming ? (
        <Form busy={busy} onSubmit={() => review.send({ type: 'credit.submit' })}>
          <Field
            label={<Trans>Member's phone</Trans>}
            value={context.username}
            onValueChange={(value) => review.send({ type: 'username.change', value })}
            readOnly={payment.username !== null}
            inputMode="tel"
            autoComplete="off"
          />
          <ErrorLine>{context.error && <MessageText message={context.error} />}</ErrorLine>
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={member === ''}>
              <Trans>Continue</Trans>
            </button>
            <button type="button" className="button button--secondary" onClick={cancel}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </Form>
      ) : (
        <div className="stack">
          <ErrorLine>{context.error && <MessageText message={context.error} />}</ErrorLine>
          <div className="button-row">
            <button type="button" className="button button--primary" disabled={busy} onClick={() => review.send({ type: 'decision.confirm' })}>
              {confirming === 'dismiss' ? <Trans>Dismiss payment</Trans> : <Trans>Credit {amount}</Trans>}
            </button>
            <button type="button" className="button button--secondary" disabled={busy} onClick={cancel}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
