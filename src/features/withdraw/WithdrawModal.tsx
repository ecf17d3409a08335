/**
 * Withdraw modal (spec 2, spec 5 Withdraw), driven by the withdraw machine
 * the home invokes for each opening: the server's limits first, then an
 * amount from the wallet to the member's bank account (limits that get no
 * answer wait under the skeleton and are read again by themselves), a review, and the
 * wait-for-the-transfer message (spec 7), or a safe retry when no answer
 * came. Sent with POST /api/wallet/withdrawAll.
 */
import { useId } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import type { WalletResponse } from '../../contract/api.ts';
import { groupAccountNumber } from '../../contract/rules/members.ts';
import { parseAmount } from '../../../machines/shared/amount.ts';
import { withdrawMachine } from '../../../machines/withdraw/withdraw.machine.ts';
import { useBackOnline } from '../ui/use-back-online.ts';
import { MessageText } from '../errors/message-text.tsx';
import { Field } from '../ui/Field.tsx';
import { formatMoney } from '../ui/money.ts';
import { walletCurrency } from '../money/accounts.ts';
import { MachineModal, MoneyDone, MoneyForm, MoneyReview, OutcomeUnknown, useModalSteps } from '../money/money-parts.tsx';
import { Skeleton } from '../ui/ReadPending.tsx';
import { ErrorLine } from '../ui/Form.tsx';
import '../money/money.css';

type WithdrawRef = ActorRefFrom<typeof withdrawMachine>;

interface WithdrawModalProps {
  /** The home's withdraw machine for this opening; it ends the modal, and the home reads how. */
  machine: WithdrawRef;
  wallet: WalletResponse;
}

const STEPS = ['loading', 'limitsFailed', 'editing', 'confirming', 'succeeded', 'outcomeUnknown'] as const;

export function WithdrawModal({ machine, wallet }: WithdrawModalProps) {
  const { closed, busy, step, close } = useModalSteps(machine, STEPS);
  const sending = useSelector(machine, (snapshot) => snapshot.hasTag('busy') && snapshot.hasTag('confirming'));
  const error = useSelector(machine, (snapshot) => snapshot.context.error);
  // When the connection is back, an unknown outcome is asked again (docs/decisions/0145-a-flaky-network.md)
  // and limits that got no answer are read again (docs/decisions/0146-reads-that-wait.md).
  useBackOnline(() => machine.send({ type: 'read.online' }));

  return (
    <MachineModal closed={closed} locked={sending} onClose={close} title={<Trans>Withdraw</Trans>}>
      {step === 'loading' && (
        // Also while limits that got no answer wait for the network (tag 'offline'): no error, the skeleton stays.
        <div className="stack" aria-busy="true">
          <Skeleton shapes={['title', 'line', 'input']} />
        </div>
      )}
      {step === 'limitsFailed' && (
        <div className="stack">
          <ErrorLine id="withdraw-limits-error">
            <MessageText message={error ?? 'NETWORK_ERROR'} />
          </ErrorLine>
          <button type="button" className="button button--primary button--block" onClick={() => machine.send({ type: 'limits.retry' })}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      {step === 'editing' && <WithdrawForm machine={machine} wallet={wallet} />}
      {step === 'confirming' && <WithdrawReview machine={machine} wallet={wallet} busy={busy} />}
      {step === 'succeeded' && <WithdrawDone machine={machine} wallet={wallet} />}
      {step === 'outcomeUnknown' && (
        <OutcomeUnknown asks message={error ?? 'NETWORK_ERROR'} onRetry={() => machine.send({ type: 'withdraw.retry' })} onClose={close} />
      )}
    </MachineModal>
  );
}

/** Where the money goes: the registered bank account (spec 2: bank name in Thai, the number grouped 3-3-4). */
function BankAccountText({ wallet }: { wallet: WalletResponse }) {
  const account = wallet.bankAccount;
  if (!account) return <span>—</span>;
  return (
    <span className="money-bank">
      <span>{account.bank.nameTH}</span>
      <span className="mono">{groupAccountNumber(account.bankAccountNo)}</span>
      <span className="small muted">{account.bankAccountName}</span>
    </span>
  );
}

function WithdrawForm({ machine, wallet }: { machine: WithdrawRef; wallet: WalletResponse }) {
  const { t } = useLingui();
  const errorId = useId();
  const currency = walletCurrency(wallet);
  const { amount, error, limits, balance, bonusHeld } = useSelector(machine, (snapshot) => snapshot.context);
  const min = formatMoney(limits?.withdrawMin ?? 0, currency);
  const max = formatMoney(limits?.withdrawMax ?? 0, currency);
  const available = formatMoney(balance, currency);

  const errorText = (() => {
    switch (error) {
      case null:
        return null;
      case 'AMOUNT_INVALID':
        return t`Enter the amount in numbers, with at most 2 decimals.`;
      case 'BONUS_REMAINING':
        return t`You hold a bonus, so you must withdraw your whole balance of ${available}.`;
      case 'MONEY_NOT_ENOUGH':
        return t`You can withdraw at most your balance of ${available}.`;
      case 'WITHDRAW_MINIMUM':
        return t`The minimum withdrawal is ${min}.`;
      case 'WITHDRAW_MAXIMUM':
        return t`The maximum withdrawal is ${max}.`;
      default:
        return <MessageText message={error} />;
    }
  })();

  return (
    <MoneyForm errorId={errorId} error={errorText} onSubmit={() => machine.send({ type: 'withdraw.submit' })}>
      <div className="money-fixed">
        <span className="field__label">
          <Trans>Available to withdraw</Trans>
        </span>
        <span className="money-fixed__amount mono">{available}</span>
        {balance !== wallet.wallet.amount && (
          <span className="field__hint">
            <Trans>Your wallet and game balances together. Money in games comes back to the wallet first.</Trans>
          </span>
        )}
      </div>
      <div className="money-fixed">
        <span className="field__label">
          <Trans>To your bank account</Trans>
        </span>
        <BankAccountText wallet={wallet} />
      </div>
      {bonusHeld && (
        <p className="money-notice">
          <Trans>You hold a bonus: a withdrawal must take your whole balance.</Trans>
        </p>
      )}
      <Field
        label={<Trans>Amount</Trans>}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onValueChange={(value) => machine.send({ type: 'amount.change', value })}
        hint={<Trans>From {min} to {max} per withdrawal</Trans>}
        errorId={errorId}
        invalid={error !== null}
        required
      />
    </MoneyForm>
  );
}

function WithdrawReview({ machine, wallet, busy }: { machine: WithdrawRef; wallet: WalletResponse; busy: boolean }) {
  const currency = walletCurrency(wallet);
  const amount = useSelector(machine, (snapshot) => parseAmount(snapshot.context.amount) ?? 0);

  return (
    <MoneyReview
      intro={<Trans>Check the withdrawal before you confirm it.</Trans>}
      rows={[
        { label: <Trans>Amount</Trans>, value: formatMoney(amount, currency), strong: true },
        { label: <Trans>To</Trans>, value: <BankAccountText wallet={wallet} /> },
      ]}
      busy={busy}
      confirmLabel={<Trans>Confirm withdrawal</Trans>}
      busyLabel={<Trans>Sending…</Trans>}
      onEdit={() => machine.send({ type: 'withdraw.edit' })}
      onConfirm={() => machine.send({ type: 'withdraw.confirm' })}
    />
  );
}

function WithdrawDone({ machine, wallet }: { machine: WithdrawRef; wallet: WalletResponse }) {
  const result = useSelector(machine, (snapshot) => snapshot.context.result);
  if (!result) return null;

  return (
    <MoneyDone
      title={<Trans>Withdrawal requested</Trans>}
      note={<Trans>Please wait for the transfer to your bank account. We will send it as soon as possible.</Trans>}
      result={result}
      currency={walletCurrency(wallet)}
      accounts={[{ label: <Trans>To</Trans>, value: <BankAccountText wallet={wallet} /> }]}
      onClose={() => machine.send({ type: 'modal.close' })}
    />
  );
}
