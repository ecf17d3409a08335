/**
 * The deposit modal (spec 2 Deposit modal, issue 4): bank transfer to the
 * receiving accounts (with copy and the bank-name edit), QR payments per
 * provider with their countdown, and the mobile-wallet link. A chunk of its
 * own, loaded by the home's modals. The three ways stay mounted while the
 * modal is open (the inactive ones hidden), so switching keeps an open QR
 * counting and watched.
 */
import { useId, useState } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { WalletResponse } from '../../contract/api.ts';
import { Modal } from '../ui/Modal.tsx';
import { useRead } from '../ui/use-read.ts';
import { walletCurrency } from '../money/accounts.ts';
import { BankTransferPanel } from './BankTransferPanel.tsx';
import { QrPanel } from './QrPanel.tsx';
import { TrueLinkPanel, useTrueLinkActor } from './TrueLinkPanel.tsx';
import '../money/money.css';
import './deposit.css';

export interface DepositModalProps {
  /** The member's wallet, or null while it has not been read: then the name edit is not offered. */
  wallet: WalletResponse | null;
  /** Money arrived (a QR paid, a link redeemed): the home reads the wallet again. */
  onCredited: () => void;
  /** saved: a link's answer never came, so it may have been credited: the home reads the wallet again. */
  onClose: (saved: boolean) => void;
}

type DepositWay = 'bank' | 'qr' | 'link';

export default function DepositModal({ wallet, onCredited, onClose }: DepositModalProps) {
  const { t } = useLingui();
  const lookup = useRead('lookupDeposit');
  const [way, setWay] = useState<DepositWay>('bank');
  const trueLink = useTrueLinkActor(onCredited);
  // A link on its way is money on its way: the modal waits for the answer.
  const sending = useSelector(trueLink, (snapshot) => snapshot.hasTag('busy'));
  const close = () => onClose(trueLink.getSnapshot().hasTag('outcomeUnknown'));
  const tabsName = useId();
  const currency = wallet ? walletCurrency(wallet) : 'BAHT';
  // spec 7: a failed deposit lookup is silent; the panels show what they can without it.
  const settled = lookup.data !== null || lookup.failed;

  const ways: Array<{ value: DepositWay; label: string }> = [
    { value: 'bank', label: t`Bank transfer` },
    { value: 'qr', label: t`QR code` },
    { value: 'link', label: t`TrueMoney` },
  ];

  return (
    <Modal
      open
      onOpenChange={(open) => !open && close()}
      canClose={() => !sending}
      title={<Trans>Deposit</Trans>}
    >
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
                onChange={() => setWay(option.value)}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </fieldset>

        <section hidden={way !== 'bank'} aria-label={t`Bank transfer`}>
          <BankTransferPanel
            lookup={lookup.data}
            loading={!settled}
            failed={lookup.failed}
            onRetry={lookup.retry}
            account={wallet?.bankAccount ?? null}
          />
        </section>
        <section hidden={way !== 'qr'} aria-label={t`QR code`}>
          {settled ? (
            <QrPanel lookup={lookup.data} currency={currency} onCredited={onCredited} shown={way === 'qr'} />
          ) : (
            <div className="skeleton deposit-qr__placeholder" />
          )}
        </section>
        <section hidden={way !== 'link'} aria-label={t`TrueMoney`}>
          <TrueLinkPanel machine={trueLink} lookup={lookup.data} currency={currency} onClose={close} />
        </section>
      </div>
    </Modal>
  );
}
