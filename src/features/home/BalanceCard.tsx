/**
 * The home's first card (spec 2): greeting and name, total balance (wallet
 * plus every game account), its split, the referral bonus with its receive
 * button, the last-update time and the 'check balance' action. Money is the largest text on the screen (docs/product/ui.md).
 */
import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { WALLET } from '../../contract/api.ts';
import { memberCurrency } from '../ui/currency.ts';
import { formatTimeOrDateTime } from '../ui/time-of-day.ts';
import { formatMoney } from '../ui/money.ts';
import { gamesBalance, totalBalance } from './balance.ts';
import { GiftIcon, TransferIcon } from '../ui/member-icons.tsx';
import { RefreshIcon } from './home-icons.tsx';
import type { BalanceActor, HomeActor } from './use-home-actors.ts';
import { transferOpen } from './home-events.ts';

const NO_AMOUNT = '–';

export function BalanceCard({ balance, home }: { balance: BalanceActor; home: HomeActor }) {
  const { t } = useLingui();
  const inviteLabelId = useId();
  const receiveLabelId = useId();
  const data = useSelector(balance, (snapshot) => snapshot.context.wallet);
  const lastSync = useSelector(balance, (snapshot) => snapshot.context.lastSync);
  const busy = useSelector(balance, (snapshot) => snapshot.hasTag('busy'));
  const skeleton = useSelector(balance, (snapshot) => snapshot.hasTag('skeleton'));
  // Before the loader delay nothing flashes: the lines keep their place, empty.
  const waiting = data === null && busy;
  const placeholder = (className: string) => (
    <span className={`skeleton ${className}${skeleton || !waiting ? '' : ' skeleton--quiet'}`} aria-hidden="true" />
  );
  const currency = memberCurrency(data?.bankAccount?.currency);
  const money = (amount: number | undefined) => (amount === undefined ? NO_AMOUNT : formatMoney(amount, currency));

  return (
    <section className="card balance-card" aria-labelledby="total-balance-label" aria-busy={busy}>
      <p className="balance-card__hello">
        <Trans>Hello</Trans>
      </p>
      {data ? (
        <h1 className="balance-card__name">{data.profile.name}</h1>
      ) : (
        <h1 className="balance-card__name">
          {waiting ? (
            <>
              <span className="visually-hidden">
                <Trans>Home</Trans>
              </span>
              {placeholder('skeleton--name')}
            </>
          ) : (
            <Trans>Welcome</Trans>
          )}
        </h1>
      )}

      <p id="total-balance-label" className="balance-card__label">
        <Trans>Total balance</Trans>
      </p>
      <p className="balance-card__total" aria-live="polite" aria-atomic="true">
        {waiting ? placeholder('skeleton--total') : money(data ? totalBalance(data) : undefined)}
      </p>
      <dl className="balance-card__split">
        <div>
          <dt>
            <Trans>Wallet</Trans>
          </dt>
          <dd>{waiting ? placeholder('skeleton--amount') : money(data?.wallet.amount)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Games</Trans>
          </dt>
          <dd>{waiting ? placeholder('skeleton--amount') : money(data ? gamesBalance(data) : undefined)}</dd>
        </div>
      </dl>

      {/* spec 2: the referral bonus amount with its receive button (a confirm dialog first). */}
      <div className="balance-card__invite">
        {/* A label and its amount, like the wallet and games split above: the card's one money paragraph stays the total. */}
        <div className="balance-card__invite-text">
          <span id={inviteLabelId}>
            <Trans>Invite bonus</Trans>
          </span>
          <span className="balance-card__invite-amount">{waiting ? placeholder('skeleton--amount') : money(data?.invite.amount)}</span>
        </div>
        <button
          type="button"
          className="chip-button chip-button--solid"
          disabled={data === null || data.invite.amount <= 0}
          aria-haspopup="dialog"
          // "Receive" and the label beside it, as separate words: the name holds the visible text (WCAG 2.5.3) in Thai and Lao too.
          aria-labelledby={`${receiveLabelId} ${inviteLabelId}`}
          onClick={() => data && home.send({ type: 'invite.collect', invite: data.invite })}
        >
          <GiftIcon size={20} />
          <span id={receiveLabelId}>
            <Trans>Receive</Trans>
          </span>
        </button>
      </div>

      <div className="balance-card__footer">
        <p className="balance-card__updated">
          {data ? (
            <Trans>
              Updated <time dateTime={data.updatedAt}>{formatTimeOrDateTime(data.updatedAt)}</time>
            </Trans>
          ) : lastSync ? (
            // Before this visit's first answer (a slow network, a failed read): when the figures were last read (spec 3 last_sync).
            <Trans>
              Last checked <time dateTime={lastSync}>{formatTimeOrDateTime(lastSync)}</time>
            </Trans>
          ) : waiting ? null : (
            <Trans>Not updated yet</Trans>
          )}
        </p>
        <div className="balance-card__actions">
          <button
            type="button"
            className="chip-button"
            disabled={data === null}
            aria-haspopup="dialog"
            onClick={() => data && home.send(transferOpen(data, { from: WALLET }))}
          >
            <TransferIcon size={20} />
            <Trans>Transfer</Trans>
          </button>
          <button
            type="button"
            className="chip-button"
            disabled={busy}
            aria-label={busy ? t`Checking balance…` : undefined}
            onClick={() => balance.send({ type: 'balance.reload' })}
          >
            <RefreshIcon size={20} className={busy ? 'spin' : undefined} />
            <Trans>Check balance</Trans>
          </button>
        </div>
      </div>
    </section>
  );
}
