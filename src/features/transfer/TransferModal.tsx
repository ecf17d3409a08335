/**
 * Transfer modal (spec 2, spec 5 Transfer), driven by the transfer machine
 * the home invokes for each opening (a fresh one, with a fresh
 * idempotency-key prefix): an amount between the wallet and a game account,
 * or the whole wallet into a game; a review before anything moves; the
 * result, or a safe retry when no answer came.
 */
import { useId } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import { WALLET, type WalletResponse } from '../../contract/api.ts';
import { transferMachine, transferOrder } from '../../../machines/transfer/transfer.machine.ts';
import type { TransferMode } from '../../../machines/transfer/transfer.types.ts';
import { useBackOnline } from '../ui/use-back-online.ts';
import { MessageText } from '../errors/message-text.tsx';
import { Field } from '../ui/Field.tsx';
import { SelectField } from '../ui/SelectField.tsx';
import { formatMoney } from '../ui/money.ts';
import { accountBalance, gameName, walletCurrency } from '../money/accounts.ts';
import { MachineModal, MoneyDone, MoneyForm, MoneyReview, OutcomeUnknown, useModalSteps } from '../money/money-parts.tsx';
import '../money/money.css';

type TransferRef = ActorRefFrom<typeof transferMachine>;

interface TransferModalProps {
  /** The home's transfer machine for this opening; it ends the modal, and the home reads how. */
  machine: TransferRef;
  wallet: WalletResponse;
}

const STEPS = ['editing', 'confirming', 'succeeded', 'outcomeUnknown'] as const;

export function TransferModal({ machine, wallet }: TransferModalProps) {
  const { closed, busy, step, close } = useModalSteps(machine, STEPS);
  const error = useSelector(machine, (snapshot) => snapshot.context.error);
  // An unknown outcome is asked again when the connection is back (docs/decisions/0145-a-flaky-network.md).
  useBackOnline(() => machine.send({ type: 'connectivity.online' }));

  return (
    <MachineModal closed={closed} locked={busy} onClose={close} title={<Trans>Transfer</Trans>}>
      {step === 'editing' && <TransferForm machine={machine} wallet={wallet} />}
      {step === 'confirming' && <TransferReview machine={machine} wallet={wallet} busy={busy} />}
      {step === 'succeeded' && <TransferDone machine={machine} wallet={wallet} />}
      {step === 'outcomeUnknown' && (
        <OutcomeUnknown
          asks
          message={error ?? 'NETWORK_ERROR'}
          onRetry={() => machine.send({ type: 'transfer.retry' })}
          onClose={close}
        />
      )}
    </MachineModal>
  );
}

/** The account's name for the member: the wallet, or the game's name. */
function useAccountLabel(wallet: WalletResponse) {
  const { t } = useLingui();
  return (code: string) => (code === WALLET ? t`Wallet` : gameName(wallet, code));
}

function TransferForm({ machine, wallet }: { machine: TransferRef; wallet: WalletResponse }) {
  const { t } = useLingui();
  const errorId = useId();
  const currency = walletCurrency(wallet);
  const label = useAccountLabel(wallet);
  const { accounts, mode, from, to, amount, error, minimum } = useSelector(machine, (snapshot) => snapshot.context);

  const option = (code: string) => ({ value: code, label: `${label(code)} · ${formatMoney(accountBalance(wallet, code), currency)}` });
  const games = accounts.filter((code) => code !== WALLET);
  const setField = (field: 'from' | 'to' | 'amount') => (value: string) => machine.send({ type: 'field.change', field, value });
  const setMode = (next: TransferMode) => machine.send({ type: 'mode.change', mode: next });

  const errorText = (() => {
    switch (error) {
      case null:
        return null;
      case 'AMOUNT_INVALID':
        return t`Enter the amount in numbers, with at most 2 decimals.`;
      case 'TRANSFER_MINIMUM':
        return t`Minimum amount is ${formatMoney(minimum, currency)}`;
      default:
        return <MessageText message={error} />;
    }
  })();
  const amountError = error === 'AMOUNT_INVALID' || error === 'TRANSFER_MINIMUM';

  return (
    <MoneyForm errorId={errorId} error={errorText} onSubmit={() => machine.send({ type: 'transfer.submit' })}>
      <fieldset className="segmented">
        <legend className="visually-hidden">{t`What to transfer`}</legend>
        <label className="segmented__option">
          <input type="radio" name="mode" checked={mode === 'amount'} onChange={() => setMode('amount')} />
          <span>
            <Trans>An amount</Trans>
          </span>
        </label>
        <label className="segmented__option">
          <input type="radio" name="mode" checked={mode === 'all'} onChange={() => setMode('all')} />
          <span>
            <Trans>All to a game</Trans>
          </span>
        </label>
      </fieldset>

      {mode === 'amount' ? (
        <SelectField
          label={<Trans>From</Trans>}
          name="from"
          value={from}
          onValueChange={setField('from')}
          placeholder={t`Choose an account`}
          options={accounts.map(option)}
          required
        />
      ) : (
        <div className="money-fixed">
          <span className="field__label">
            <Trans>From</Trans>
          </span>
          <span>{option(WALLET).label}</span>
        </div>
      )}
      <SelectField
        label={<Trans>To</Trans>}
        name="to"
        value={to}
        onValueChange={setField('to')}
        placeholder={mode === 'all' ? t`Choose a game` : t`Choose an account`}
        options={(mode === 'all' ? games : accounts).map(option)}
        required
      />
      {mode === 'amount' ? (
        <Field
          label={<Trans>Amount</Trans>}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          enterKeyHint="next"
          value={amount}
          onValueChange={setField('amount')}
          hint={<Trans>Minimum {formatMoney(minimum, currency)}</Trans>}
          errorId={errorId}
          invalid={amountError}
          required
        />
      ) : (
        <div className="money-fixed">
          <span className="field__label">
            <Trans>Amount</Trans>
          </span>
          <span className="money-fixed__amount mono">{formatMoney(wallet.wallet.amount, currency)}</span>
          <span className="field__hint">
            <Trans>Everything in your wallet moves to the game.</Trans>
          </span>
        </div>
      )}
    </MoneyForm>
  );
}

function TransferReview({ machine, wallet, busy }: { machine: TransferRef; wallet: WalletResponse; busy: boolean }) {
  const currency = walletCurrency(wallet);
  const label = useAccountLabel(wallet);
  const context = useSelector(machine, (snapshot) => snapshot.context);
  const order = transferOrder(context);
  const shownAmount =
    order.kind === 'all' ? (
      <Trans>All of your wallet ({formatMoney(wallet.wallet.amount, currency)})</Trans>
    ) : (
      formatMoney(order.amount, currency)
    );

  return (
    <MoneyReview
      intro={<Trans>Check the transfer before you confirm it.</Trans>}
      rows={[
        { label: <Trans>Amount</Trans>, value: shownAmount, strong: true },
        { label: <Trans>From</Trans>, value: label(context.from) },
        { label: <Trans>To</Trans>, value: label(context.to) },
      ]}
      busy={busy}
      confirmLabel={<Trans>Confirm transfer</Trans>}
      busyLabel={<Trans>Transferring…</Trans>}
      onEdit={() => machine.send({ type: 'transfer.edit' })}
      onConfirm={() => machine.send({ type: 'transfer.confirm' })}
    />
  );
}

function TransferDone({ machine, wallet }: { machine: TransferRef; wallet: WalletResponse }) {
  const label = useAccountLabel(wallet);
  const { from, to, result } = useSelector(machine, (snapshot) => snapshot.context);
  if (!result) return null;

  return (
    <MoneyDone
      title={<Trans>Transfer complete</Trans>}
      result={result}
      currency={walletCurrency(wallet)}
      accounts={[
        { label: <Trans>From</Trans>, value: label(from) },
        { label: <Trans>To</Trans>, value: label(to) },
      ]}
      onClose={() => machine.send({ type: 'modal.close' })}
    />
  );
}
