/**
 * The deposit modal (spec 2 Deposit modal; docs/decisions/0020-deposit-modal.md), driven by the deposit
 * machine the home invokes (machines/deposit): bank transfer to the
 * receiving accounts (with copy and the bank-name edit), QR payments per
 * provider with their countdown, and the mobile-wallet link. A chunk of its
 * own, loaded by the home's modals. The three ways stay mounted while the
 * modal is open (the inactive ones hidden), so switching keeps an open QR
 * counting and watched.
 */
import { useEffect, useId } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import type { WalletResponse } from '../../contract/api.ts';
import type { depositMachine } from '../../../machines/deposit/deposit.machine.ts';
import type { DepositWay } from '../../../machines/deposit/deposit.types.ts';
import { Modal } from '../ui/Modal.tsx';
import { showSuccessToast } from '../ui/toast.ts';
import { depositToastId } from '../money/deposit-toast.ts';
import { formatMoney } from '../ui/money.ts';
import { useBackOnline } from '../ui/use-back-online.ts';
import { useLanguageSwitch } from '../ui/use-language-switch.ts';
import { walletCurrency } from '../money/accounts.ts';
import { BankTransferPanel } from './BankTransferPanel.tsx';
import { QrPanel } from './QrPanel.tsx';
import { TrueLinkPanel } from './TrueLinkPanel.tsx';
import '../money/money.css';
import './deposit.css';

interface DepositModalProps {
  machine: ActorRefFrom<typeof depositMachine>;
  /** The member's wallet, or null while it has not been read: then the name edit is not offered. */
  wallet: WalletResponse | null;
}

export default function DepositModal({ machine, wallet }: DepositModalProps) {
  const { t } = useLingui();
  const way = useSelector(machine, (snapshot) => snapshot.context.way);
  const lookup = useSelector(machine, (snapshot) => snapshot.context.lookup);
  const loading = useSelector(machine, (snapshot) => snapshot.hasTag('lookup:loading') && snapshot.context.lookup === null);
  const failed = useSelector(machine, (snapshot) => snapshot.hasTag('lookup:failed'));
  const { qr, trueLink, slipUpload } = useSelector(machine, (snapshot) => snapshot.children);
  // A link on its way is money on its way: the modal waits for the answer.
  const sending = useSelector(trueLink, (snapshot) => snapshot?.hasTag('busy') ?? false);
  const close = () => machine.send({ type: 'deposit.close' });
  const tabsName = useId();
  const currency = wallet ? walletCurrency(wallet) : 'BAHT';

  // Money arrived by QR: the member hears of it (the home reads the wallet again).
  useEffect(() => {
    const subscription = machine.on('paid', ({ amount }) =>
      // The same id as the wallet's news of this deposit (money/member-news.ts): one toast, whichever comes first.
      showSuccessToast(t`Payment received: ${formatMoney(amount, currency)} is in your wallet.`, depositToastId(amount)),
    );
    return () => subscription.unsubscribe();
  }, [machine, t, currency]);
  // Server texts follow the language.
  useLanguageSwitch(() => machine.send({ type: 'lookup.reload' }));
  // A lookup that got no answer is read again when the connection is back (docs/decisions/0146-reads-that-wait.md).
  useBackOnline(() => machine.send({ type: 'read.online' }));

  const ways: Array<{ value: DepositWay; label: string }> = [
    { value: 'bank', label: t`Bank transfer` },
    { value: 'qr', label: t`QR code` },
    { value: 'link', label: t`TrueMoney` },
  ];

  return (
    <Modal open onOpenChange={(open) => !open && close()} canClose={() => !sending} title={<Trans>Deposit</Trans>}>
      <div className="stack deposit">
        <fieldset className="segmented segmented--three">
          <legend className="visually-hidden">{t`How to deposit`}</legend>
          {ways.map((option) => (
            <label key={option.value} className="segmented__option">
              <input
                type="radio"
                name={tabsName}
                value={option.value}
                checked={way === option.value}
                onChange={() => machine.send({ type: 'deposit.way', way: option.value })}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </fieldset>

        <section hidden={way !== 'bank'} aria-label={t`Bank transfer`}>
          <BankTransferPanel
            lookup={lookup}
            loading={loading}
            failed={failed}
            onRetry={() => machine.send({ type: 'lookup.retry' })}
            account={wallet?.bankAccount ?? null}
            slip={slipUpload}
          />
        </section>
        <section hidden={way !== 'qr'} aria-label={t`QR code`}>
          {qr ? (
            <QrPanel machine={qr} lookup={lookup} currency={currency} shown={way === 'qr'} />
          ) : (
            <div className="skeleton deposit-qr__placeholder" />
          )}
        </section>
        <section hidden={way !== 'link'} aria-label={t`TrueMoney`}>
          {trueLink && <TrueLinkPanel machine={trueLink} lookup={lookup} currency={currency} onClose={close} />}
        </section>
      </div>
    </Modal>
  );
}
