/**
 * A correction of a member's wallet (docs/decisions/0122-adjustments.md;
 * machines/adjustment): the member's phone, credit or debit, the amount and
 * the reason, confirmed with what will happen ("Credit ฿500.00 to
 * 0812345678"), sent under an Idempotency-Key of its own. Beyond what one
 * operator may move alone it waits for a second operator (202).
 */
import { useId, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { adjustmentActors } from '../../../../machines/adjustment/adjustment.actors.ts';
import { adjustmentMachine, signedAmount } from '../../../../machines/adjustment/adjustment.machine.ts';
import type { AdjustmentDirection } from '../../../../machines/adjustment/adjustment.types.ts';
import { ADJUSTMENT_REASON_MAX } from '../../../contract/ops.ts';
import { MessageText } from '../../errors/message-text.tsx';
import { memberCurrency } from '../../ui/currency.ts';
import { Field } from '../../ui/Field.tsx';
import { ErrorLine } from '../../ui/Form.tsx';
import { formatMoney } from '../../ui/money.ts';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { ConfirmDialog } from '../console/ConfirmDialog.tsx';
import { opsApi } from '../ops-session.ts';
import '../payouts/payouts.css';
import type { AreaPageProps } from '../console/area-page.ts';

export default function AdjustmentsPage(_: AreaPageProps) {
  const { t } = useLingui();
  useDocumentTitle(t`Adjustments`);
  const errorId = useId();
  const [keyPrefix] = useState(() => `adjust-${crypto.randomUUID()}`);
  const adjustment = useActorRef(adjustmentMachine.provide({ actors: adjustmentActors(opsApi) }), { input: { keyPrefix } });
  const context = useSelector(adjustment, (snapshot) => snapshot.context);
  const editing = useSelector(adjustment, (snapshot) => snapshot.hasTag('editing'));
  const confirming = useSelector(adjustment, (snapshot) => snapshot.hasTag('confirming'));
  const busy = useSelector(adjustment, (snapshot) => snapshot.hasTag('busy'));
  const done = useSelector(adjustment, (snapshot) => (snapshot.hasTag('done') ? 'done' : snapshot.hasTag('waiting') ? 'waiting' : null));

  const signed = signedAmount(context);
  // A build's members hold its one currency (baht, or kip in the Laos build); the server moves the member's own.
  const amount = signed === null ? '' : formatMoney(Math.abs(signed), memberCurrency(null));
  const member = context.username.trim();
  const reason = context.reason.trim();
  const change = (field: 'username' | 'amount' | 'reason') => (value: string) => adjustment.send({ type: 'field.change', field, value });

  return (
    <div className="ops-page">
      <div className="ops-page__head">
        <h1>
          <Trans>Adjustments</Trans>
        </h1>
      </div>
      <section className="card stack adjustments__card" aria-labelledby="adjustment-title">
        <h2 id="adjustment-title" className="card__title">
          <Trans>Correct a member's wallet</Trans>
        </h2>
        <p className="muted small">
          <Trans>A correction is a movement of its own with its reason; to undo one, make another the other way.</Trans>
        </p>
        {done ? (
          <>
            <p className={`payouts__outcome payouts__outcome--${done === 'done' ? 'paid' : 'waiting'}`} role="status">
              {done === 'done' ? (
                signed !== null && signed < 0 ? (
                  <Trans>
                    Debited {amount} from {member}.
                  </Trans>
                ) : (
                  <Trans>
                    Credited {amount} to {member}.
                  </Trans>
                )
              ) : (
                <Trans>
                  Waiting for a second operator: the adjustment is in the <Link to="/ops/$" params={{ _splat: 'approvals' }}>approvals</Link>.
                </Trans>
              )}
            </p>
            <div className="button-row">
              <button type="button" className="button button--primary" autoFocus onClick={() => adjustment.send({ type: 'adjustment.again' })}>
                <Trans>New adjustment</Trans>
              </button>
            </div>
          </>
        ) : (
          <form
            className="stack"
            noValidate
            aria-busy={busy}
            onSubmit={(event) => {
              event.preventDefault();
              adjustment.send({ type: 'adjustment.submit' });
            }}
          >
            <Field
              label={<Trans>Member's phone</Trans>}
              name="username"
              inputMode="numeric"
              autoComplete="off"
              required
              value={context.username}
              onValueChange={change('username')}
              disabled={!editing}
              invalid={context.error !== null}
              errorId={errorId}
            />
            <fieldset className="adjustments__direction" disabled={!editing}>
              <legend className="field__label">
                <Trans>Direction</Trans>
              </legend>
              <Direction value="credit" current={context.direction} onChange={(direction) => adjustment.send({ type: 'direction.change', direction })}>
                <Trans>Credit: add to the wallet</Trans>
              </Direction>
              <Direction value="debit" current={context.direction} onChange={(direction) => adjustment.send({ type: 'direction.change', direction })}>
                <Trans>Debit: take from the wallet</Trans>
              </Direction>
            </fieldset>
            <Field
              label={<Trans>Amount</Trans>}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              required
              value={context.amount}
              onValueChange={change('amount')}
              disabled={!editing}
              invalid={context.error !== null}
              errorId={errorId}
            />
            <Field
              label={<Trans>Reason</Trans>}
              name="reason"
              autoComplete="off"
              required
              maxLength={ADJUSTMENT_REASON_MAX}
              value={context.reason}
              onValueChange={change('reason')}
              hint={<Trans>Kept with the movement and in the audit.</Trans>}
              disabled={!editing}
              invalid={context.error !== null}
              errorId={errorId}
            />
            <ErrorLine id={errorId}>{context.error && <MessageText message={context.error} />}</ErrorLine>
            <button type="submit" className="button button--primary" disabled={!editing || signed === null || member === '' || reason === ''}>
              <Trans>Review the adjustment</Trans>
            </button>
          </form>
        )}
      </section>
      <ConfirmDialog
        open={confirming || busy}
        busy={busy}
        title={<Trans>Confirm the adjustment</Trans>}
        description={
          signed !== null && signed < 0 ? (
            <Trans>
              Debit {amount} from the wallet of {member}
            </Trans>
          ) : (
            <Trans>
              Credit {amount} to the wallet of {member}
            </Trans>
          )
        }
        confirm={signed !== null && signed < 0 ? <Trans>Debit {amount}</Trans> : <Trans>Credit {amount}</Trans>}
        working={<Trans>Sending…</Trans>}
        onConfirm={() => adjustment.send({ type: 'adjustment.confirm' })}
        onCancel={() => adjustment.send({ type: 'adjustment.cancel' })}
      >
        <p>
          <Trans>Reason: {reason}</Trans>
        </p>
        <p className="muted small">
          <Trans>Beyond what one operator may move alone, the adjustment waits for a second operator.</Trans>
        </p>
      </ConfirmDialog>
    </div>
  );
}

function Direction({ value, current, onChange, children }: { value: AdjustmentDirection; current: AdjustmentDirection; onChange: (value: AdjustmentDirection) => void; children: ReactNode }) {
  return (
    <label className="adjustments__choice">
      <input type="radio" name="direction" value={value} checked={current === value} onChange={() => onChange(value)} />
      <span>{children}</span>
    </label>
  );
}
