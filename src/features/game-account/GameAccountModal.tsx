/**
 * Game account modal (spec 2, spec 4 Game account), driven by the game
 * account machine the home invokes for each opening: open the account when
 * the card is inactive; otherwise the game username and password (copy
 * buttons, show/hide), reset password, enter the game, and transfer only
 * (disabled without a game balance).
 */
import { useEffect, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import type { GameAccountItem, WalletResponse } from '../../contract/api.ts';
import { gameAccountMachine } from '../../../machines/game-account/game-account.machine.ts';
import { MessageText } from '../errors/message-text.tsx';
import { ExternalIcon } from '../ui/action-icons.tsx';
import { CopyIcon } from '../ui/member-icons.tsx';
import { formatMoney, formatNumber } from '../ui/money.ts';
import { showErrorToast, showSuccessToast } from '../ui/toast.ts';
import { walletCurrency } from '../money/accounts.ts';
import { openGameEntry, webUrl } from './game-entry.ts';
import { CallButton, MachineModal, useModalSteps } from '../money/money-parts.tsx';
import { Skeleton } from '../ui/ReadPending.tsx';
import { useBackOnline } from '../ui/use-back-online.ts';
import { ErrorLine } from '../ui/Form.tsx';
import { EyeIcon, EyeOffIcon } from './game-icons.tsx';
import '../money/money.css';

export type GameAccountRef = ActorRefFrom<typeof gameAccountMachine>;

interface GameAccountModalProps {
  /** The home's game account machine for this opening; it ends the modal, and the home reads how (closed, or transfer only). */
  machine: GameAccountRef;
  wallet: WalletResponse;
  slot: GameAccountItem;
}

const STEPS = ['inactive', 'loading', 'failed', 'active', 'choosingApp'] as const;

export function GameAccountModal({ machine, wallet, slot }: GameAccountModalProps) {
  const { t } = useLingui();
  // The machine asks for the game to open (a new tab, or this one when the browser refuses).
  useEffect(() => {
    const subscription = machine.on('openGame', ({ entry }) => {
      if (!openGameEntry(entry)) showErrorToast(t`The game could not be opened. Please try again later.`);
    });
    return () => subscription.unsubscribe();
  }, [machine, t]);

  const { closed, busy, step, close } = useModalSteps(machine, STEPS);
  // An account that got no answer is read again when the connection is back (docs/decisions/0146-reads-that-wait.md).
  useBackOnline(() => machine.send({ type: 'read.online' }));
  // Writes (opening the account, resetting the password) finish before the modal closes.
  const writing = useSelector(machine, (snapshot) => snapshot.hasTag('writing'));
  const currency = walletCurrency(wallet);

  return (
    <MachineModal closed={closed} locked={writing} onClose={close} title={slot.name}>
      <div className="stack" aria-busy={busy}>
        <div className="game-balance">
          <span className="field__label">
            <Trans>Game balance</Trans>
          </span>
          <span className="money-fixed__amount mono">{formatMoney(slot.amount, currency)}</span>
          <span className="small muted">
            <Trans>{formatNumber(slot.amount * slot.ftWalletSlot)} credits in the game</Trans>
          </span>
        </div>
        {step === 'inactive' && <InactiveAccount machine={machine} name={slot.name} busy={busy} />}
        {step === 'loading' && (
          <div className="stack">
            <Skeleton shapes={['input', 'input']} />
          </div>
        )}
        {step === 'failed' && <AccountFailed machine={machine} />}
        {step === 'active' && <ActiveAccount machine={machine} busy={busy} />}
        {step === 'choosingApp' && <AppLinks machine={machine} name={slot.name} />}
      </div>
    </MachineModal>
  );
}

function useError(machine: GameAccountRef) {
  const error = useSelector(machine, (snapshot) => snapshot.context.error);
  return error ? <MessageText message={error} /> : null;
}

function InactiveAccount({ machine, name, busy }: { machine: GameAccountRef; name: string; busy: boolean }) {
  const error = useError(machine);
  return (
    <>
      <p>
        <Trans>You do not have an account for {name} yet. Open one to play and to transfer money to it.</Trans>
      </p>
      <ErrorLine id="game-account-error">{error}</ErrorLine>
      <CallButton
        className="button button--primary button--block"
        disabled={busy}
        onCall={() => machine.send({ type: 'account.activate' })}
      >
        {busy ? <Trans>Opening the account…</Trans> : <Trans>Open account</Trans>}
      </CallButton>
    </>
  );
}

function AccountFailed({ machine }: { machine: GameAccountRef }) {
  const error = useError(machine);
  return (
    <>
      <ErrorLine id="game-account-error">{error}</ErrorLine>
      <button type="button" className="button button--primary button--block" onClick={() => machine.send({ type: 'account.reload' })}>
        <Trans>Try again</Trans>
      </button>
    </>
  );
}

function ActiveAccount({ machine, busy }: { machine: GameAccountRef; busy: boolean }) {
  const { t } = useLingui();
  const error = useError(machine);
  const credentials = useSelector(machine, (snapshot) => snapshot.context.credentials);
  const passwordShown = useSelector(machine, (snapshot) => snapshot.context.passwordShown);
  const notice = useSelector(machine, (snapshot) => snapshot.context.notice);
  const entering = useSelector(machine, (snapshot) => snapshot.hasTag('entering'));
  const resetting = useSelector(machine, (snapshot) => snapshot.hasTag('resetting'));
  // spec 2: disabled when the game balance is 0 or less (the machine's guard).
  const canTransfer = useSelector(machine, (snapshot) => snapshot.can({ type: 'game.transfer' }));
  if (!credentials) return null;

  const copy = (text: string, done: string) => {
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (!clipboard) return showErrorToast(t`Failed to copy`);
    clipboard.writeText(text).then(
      () => showSuccessToast(done),
      () => showErrorToast(t`Failed to copy`),
    );
  };

  return (
    <>
      <dl className="credentials">
        <CredentialRow label={<Trans>Username</Trans>} value={credentials.username}>
          <button
            type="button"
            className="icon-button"
            aria-label={t`Copy username`}
            onClick={() => copy(credentials.username, t`Copied: ${credentials.username}`)}
          >
            <CopyIcon size={20} />
          </button>
        </CredentialRow>
        <CredentialRow
          label={<Trans>Password</Trans>}
          value={passwordShown ? credentials.password : '••••••••'}
          hidden={!passwordShown}
        >
          <button
            type="button"
            className="icon-button"
            aria-label={t`Show password`}
            aria-pressed={passwordShown}
            onClick={() => machine.send({ type: 'password.toggle' })}
          >
            {passwordShown ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={t`Copy password`}
            // Not "Copied: {password}": a toast would show the password to anyone looking.
            onClick={() => copy(credentials.password, t`Password copied`)}
          >
            <CopyIcon size={20} />
          </button>
        </CredentialRow>
      </dl>
      {notice === 'PASSWORD_RESET' && (
        <p className="money-notice money-notice--success" role="status">
          <Trans>Your game password was reset. Use the new one above.</Trans>
        </p>
      )}
      <ErrorLine id="game-account-error">{error}</ErrorLine>
      <CallButton className="button button--primary button--block" disabled={busy} onCall={() => machine.send({ type: 'game.enter' })}>
        {entering ? <Trans>Opening the game…</Trans> : <Trans>Enter game</Trans>}
      </CallButton>
      <div className="button-row">
        <CallButton className="button button--secondary" disabled={busy} onCall={() => machine.send({ type: 'password.reset' })}>
          {resetting ? <Trans>Resetting…</Trans> : <Trans>Reset password</Trans>}
        </CallButton>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy || !canTransfer}
          onClick={() => machine.send({ type: 'game.transfer' })}
        >
          <Trans>Transfer only</Trans>
        </button>
      </div>
    </>
  );
}

function CredentialRow({
  label,
  value,
  hidden,
  children,
}: {
  label: ReactNode;
  value: string;
  /** The value is masked: say so to screen readers rather than reading dots. */
  hidden?: boolean;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <div className="credentials__row">
      <dt className="credentials__label">{label}</dt>
      <dd className="credentials__value mono">
        {hidden ? (
          <>
            <span aria-hidden="true">{value}</span>
            <span className="visually-hidden">{t`Hidden`}</span>
          </>
        ) : (
          value
        )}
      </dd>
      <dd className="credentials__actions">{children}</dd>
    </div>
  );
}

function AppLinks({ machine, name }: { machine: GameAccountRef; name: string }) {
  const apps = useSelector(machine, (snapshot) => snapshot.context.apps);
  const android = webUrl(apps?.android);
  const ios = webUrl(apps?.ios);
  return (
    <>
      <p>
        <Trans>{name} is played in its app. Install it or open it:</Trans>
      </p>
      {android && (
        <a className="button button--primary button--block" href={android} target="_blank" rel="noopener noreferrer">
          <Trans>App for Android</Trans>
          <ExternalIcon size={20} />
        </a>
      )}
      {ios && (
        <a className="button button--primary button--block" href={ios} target="_blank" rel="noopener noreferrer">
          <Trans>App for iPhone (iOS)</Trans>
          <ExternalIcon size={20} />
        </a>
      )}
      {!android && !ios && (
        <p className="muted">
          <Trans>The app links are not available right now. Please try again later.</Trans>
        </p>
      )}
      <button type="button" className="button button--secondary button--block" onClick={() => machine.send({ type: 'apps.dismiss' })}>
        <Trans>Back</Trans>
      </button>
    </>
  );
}
