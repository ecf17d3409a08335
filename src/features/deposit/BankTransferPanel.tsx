/**
 * Deposit by bank transfer (spec 2): the receiving accounts, each with a
 * copy button for its number; the member's registered account (the one to
 * transfer from) with the English-name edit for KTB, TMB and BBL; and the
 * deposit texts with the server's values. Driven by bankAccountNameMachine,
 * which also runs every copy (a copy waits for a missing English name).
 */
import { useEffect, useId, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DepositBank, DepositLookupResponse } from '../../contract/deposit.ts';
import { groupAccountNumber } from '../../contract/rules/members.ts';
import { bankAccountNameActors } from '../../../machines/bank-account-name/bank-account-name.actors.ts';
import { bankAccountNameMachine } from '../../../machines/bank-account-name/bank-account-name.machine.ts';
import type { slipUploadMachine } from '../../../machines/slip-upload/slip-upload.machine.ts';
import { useApi } from '../../app/use-app.ts';
import { currentLocale } from '../../i18n/locale.ts';
import { bankName } from '../ui/bank-name.ts';
import { loadMessageText, MessageText } from '../errors/message-text.tsx';
import { Field } from '../ui/Field.tsx';
import { CopyIcon } from '../ui/member-icons.tsx';
import { showErrorToast } from '../ui/toast.ts';
import { copyText } from './copy-text.ts';
import { SlipUpload } from './SlipUpload.tsx';
import { ErrorLine, Form } from '../ui/Form.tsx';

interface RegisteredAccount {
  bankCode: string;
  bankAccountName: string;
  bankAccountNo: string;
  bank: { nameTH: string; nameEN: string };
}

type NameRef = ActorRefFrom<typeof bankAccountNameMachine>;


export function BankTransferPanel({
  lookup,
  loading,
  failed,
  onRetry,
  account,
  slip,
}: {
  lookup: DepositLookupResponse | null;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  account: RegisteredAccount | null;
  /** The slip upload the deposit machine runs. */
  slip: ActorRefFrom<typeof slipUploadMachine> | undefined;
}) {
  const { t } = useLingui();
  const api = useApi();
  const machine = useActorRef(bankAccountNameMachine.provide({ actors: bankAccountNameActors(api) }), { input: { account } });
  useEffect(() => {
    const copies = machine.on('copy', (event) => copyText(event.text, { copied: (text: string) => t`Copied: ${text}`, failed: t`Failed to copy` }));
    // spec 5: a name that is empty or not English letters is a toast.
    const refusals = machine.on('nameRejected', () => void loadMessageText('requiredEngLang').then((text) => showErrorToast(text)));
    return () => {
      copies.unsubscribe();
      refusals.unsubscribe();
    };
  }, [machine, t]);
  const receiving = lookup?.banks.filter((bank) => bank.bankType === 'BANK') ?? [];
  // While the English name is missing, its form comes first: copies wait for it.
  const nameNeeded = useSelector(machine, (snapshot) => snapshot.hasTag('needed'));
  const registered = account && <RegisteredAccountCard machine={machine} account={account} />;

  return (
    <div className="stack">
      {nameNeeded && registered}
      <h3 className="deposit__heading">
        <Trans>Transfer to</Trans>
      </h3>
      {loading && (
        <div className="stack" aria-busy="true">
          <div className="skeleton deposit-account__placeholder" />
          <div className="skeleton deposit-account__placeholder" />
        </div>
      )}
      {failed && lookup === null && (
        <div className="stack">
          <p className="muted">
            <Trans>The accounts to transfer to cannot be shown right now.</Trans>
          </p>
          <button type="button" className="button button--secondary button--block" onClick={onRetry}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      {lookup && receiving.length === 0 && (
        <p className="muted">
          <Trans>No bank account takes deposits right now. Use a QR code or a TrueMoney link, or contact us.</Trans>
        </p>
      )}
      {receiving.length > 0 && (
        <ul className="deposit-accounts">
          {receiving.map((bank) => (
            <ReceivingAccount key={`${bank.bankCode}-${bank.bankAccountNo}`} bank={bank} machine={machine} />
          ))}
        </ul>
      )}
      {!nameNeeded && registered}
      <DepositNotes lookup={lookup} />
      {slip && <SlipUpload machine={slip} />}
    </div>
  );
}

/** The deposit texts of spec 2, with the server's values when the lookup gave them. */
function DepositNotes({ lookup }: { lookup: DepositLookupResponse | null }) {
  const closing = lookup?.slipClosingTime;
  return (
    <ul className="deposit-notes">
      <li>
        {lookup?.isManual ? (
          <Trans>Our team checks every deposit and then credits your wallet.</Trans>
        ) : (
          <Trans>Your wallet is credited within 1 minute of your transfer.</Trans>
        )}
      </li>
      <li>
        {closing ? (
          <Trans>
            If it is not, upload your transfer slip within 1 hour. Slips are taken until {closing} each day.
          </Trans>
        ) : (
          <Trans>If it is not, upload your transfer slip within 1 hour.</Trans>
        )}
      </li>
      <li>
        <Trans>Transfer from your registered account. KBank and KTB are recommended: they are credited fastest.</Trans>
      </li>
    </ul>
  );
}

function RegisteredAccountCard({ machine, account }: { machine: NameRef; account: RegisteredAccount }) {
  const name = useSelector(machine, (snapshot) => snapshot.context.name);
  const needed = useSelector(machine, (snapshot) => snapshot.hasTag('needed'));
  return (
    <div className="deposit-from">
      <p className="small muted">
        <Trans>Your registered account</Trans>
      </p>
      <BankLine code={account.bankCode} name={bankName(account.bank, currentLocale())}>
        <span className="deposit-account__name">{name}</span>
        <span className="mono">{groupAccountNumber(account.bankAccountNo)}</span>
      </BankLine>
      {needed && <EnglishNameForm machine={machine} bank={bankName(account.bank, currentLocale())} />}
    </div>
  );
}

/** spec 5: KTB, TMB and BBL need the account name in English letters. */
function EnglishNameForm({ machine, bank }: { machine: NameRef; bank: string }) {
  const errorId = useId();
  const inputId = useId();
  const draft = useSelector(machine, (snapshot) => snapshot.context.draft);
  const error = useSelector(machine, (snapshot) => snapshot.context.error);
  const busy = useSelector(machine, (snapshot) => snapshot.hasTag('busy'));
  const held = useSelector(machine, (snapshot) => snapshot.context.heldCopy !== null);
  // A copy that waits brings the member to the field it waits for.
  useEffect(() => {
    const input = held ? document.getElementById(inputId) : null;
    input?.closest('form')?.scrollIntoView({ block: 'start' });
    input?.focus({ preventScroll: true });
  }, [held, inputId]);
  return (
    <Form className="stack deposit-name-form" onSubmit={() => machine.send({ type: 'name.save' })}>
      <p className={held ? 'money-notice' : 'small'} role={held ? 'status' : undefined}>
        {held ? (
          <Trans>Add your account name in English first. The number is copied as soon as it is saved.</Trans>
        ) : (
          <Trans>{bank} needs your account name in English letters, as your bank shows it, so that your deposits are matched.</Trans>
        )}
      </p>
      <Field
        label={<Trans>Account name in English</Trans>}
        id={inputId}
        name="bankAccountName"
        autoComplete="name"
        autoCapitalize="characters"
        value={draft}
        onValueChange={(value) => machine.send({ type: 'name.change', value })}
        style={{ textTransform: 'uppercase' }}
        errorId={errorId}
        invalid={error !== null}
        disabled={busy}
      />
      <ErrorLine id={errorId}>{error ? <MessageText message={error} /> : null}</ErrorLine>
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? <Trans>Saving…</Trans> : <Trans>Save name</Trans>}
      </button>
    </Form>
  );
}

function ReceivingAccount({ bank, machine }: { bank: DepositBank; machine: NameRef }) {
  const { t } = useLingui();
  const number = groupAccountNumber(bank.bankAccountNo);
  return (
    <li className="deposit-account">
      <BankLine code={bank.bankCode} name={bankName(bank.bank, currentLocale())}>
        <span className="deposit-account__name">{bank.bankAccountName}</span>
        <span className="deposit-account__number mono">{number}</span>
        {bank.mode !== 'AUTO' && (
          <span className="small muted">
            <Trans>Checked by our team before it is credited</Trans>
          </span>
        )}
      </BankLine>
      <button
        type="button"
        className="icon-button icon-button--outlined"
        aria-label={t`Copy account number ${number}`}
        onClick={() => machine.send({ type: 'copy.request', text: bank.bankAccountNo })}
      >
        <CopyIcon size={20} />
      </button>
    </li>
  );
}

/** A bank's mark (its code on a plain badge: no bank logos, docs/product/ui.md), name and details. */
function BankLine({ code, name, children }: { code: string; name: string; children: ReactNode }) {
  return (
    <div className="deposit-bank">
      <span className="deposit-bank__badge" aria-hidden="true">
        {code}
      </span>
      <span className="deposit-bank__text">
        <span className="deposit-bank__name">{name}</span>
        {children}
      </span>
    </div>
  );
}
