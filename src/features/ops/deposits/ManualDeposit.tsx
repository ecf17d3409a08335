/**
 * A bank transfer credited by hand (POST /api/ops/deposits;
 * machines/manual-deposit): the member's phone, the amount and the bank's
 * reference; the confirmation names the member and the amount in their
 * currency before anything is sent; a reference is credited once.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { manualDepositActors } from '../../../../machines/manual-deposit/manual-deposit.actors.ts';
import { manualDepositMachine } from '../../../../machines/manual-deposit/manual-deposit.machine.ts';
import { positiveAmount } from '../../../../machines/shared/amount.ts';
import { groupAccountNumber } from '../../../contract/rules/members.ts';
import { MessageText } from '../../errors/message-text.tsx';
import { Field } from '../../ui/Field.tsx';
import { ErrorLine, Form } from '../../ui/Form.tsx';
import { formatMoney } from '../../ui/money.ts';
import { ConfirmDialog } from '../console/ConfirmDialog.tsx';
import { opsApi } from '../ops-session.ts';

export function ManualDeposit() {
  const { t } = useLingui();
  const deposit = useActorRef(manualDepositMachine.provide({ actors: manualDepositActors(opsApi) }));
  const context = useSelector(deposit, (snapshot) => snapshot.context);
  const busy = useSelector(deposit, (snapshot) => snapshot.hasTag('busy'));
  const confirming = useSelector(deposit, (snapshot) => snapshot.hasTag('confirming'));
  const { member, done } = context;
  const amount = positiveAmount(context.amount);
  const currency = member?.bank?.currency ?? 'BAHT';
  const money = amount === null ? '' : formatMoney(amount, currency);
  const reference = context.reference.trim();
  const set = (field: 'username' | 'amount' | 'reference') => (value: string) => deposit.send({ type: 'field.change', field, value });

  return (
    <section className="stack deposits__manual" aria-label={t`Manual deposit`}>
      {done && (
        <p className="slips__decided" role="status">
          {done.outcome === 'deposited' ? (
            <Trans>
              Deposited {formatMoney(done.amount, done.member.bank?.currency ?? 'BAHT')} to {done.member.name} (reference {done.reference}).
            </Trans>
          ) : (
            <Trans>
              The deposit of {formatMoney(done.amount, done.member.bank?.currency ?? 'BAHT')} to {done.member.name} is waiting for a second operator.
            </Trans>
          )}
        </p>
      )}
      <p className="muted">
        <Trans>For a bank transfer no slip or QR brought in. A reference is credited once, however it arrives.</Trans>
      </p>
      <Form busy={busy} onSubmit={() => deposit.send({ type: 'deposit.submit' })}>
        <Field
          label={<Trans>Member's phone</Trans>}
          value={context.username}
          onValueChange={set('username')}
          inputMode="tel"
          autoComplete="off"
          disabled={busy}
        />
        <Field label={<Trans>Amount</Trans>} value={context.amount} onValueChange={set('amount')} inputMode="decimal" autoComplete="off" disabled={busy} />
        <Field label={<Trans>Bank reference</Trans>} value={context.reference} onValueChange={set('reference')} autoComplete="off" disabled={busy} />
        <ErrorLine>{context.error && <MessageText message={context.error} />}</ErrorLine>
        <button type="submit" className="button button--primary" disabled={busy || context.username.trim() === '' || amount === null || reference === ''}>
          <Trans>Review deposit</Trans>
        </button>
      </Form>
      <ConfirmDialog
        open={confirming || (busy && member !== null)}
        busy={busy}
        title={<Trans>Deposit {money}?</Trans>}
        description={
          member && (
            <Trans>
              Deposit {money} to {member.name} ({member.username}
              {member.bank ? `, ${member.bank.code} ${groupAccountNumber(member.bank.accountNo)}` : ''}), bank reference {reference}. Above the approval
              threshold it waits for a second operator.
            </Trans>
          )
        }
        confirm={<Trans>Deposit {money}</Trans>}
        onConfirm={() => deposit.send({ type: 'decision.confirm' })}
        onCancel={() => deposit.send({ type: 'decision.cancel' })}
      />
    </section>
  );
}
