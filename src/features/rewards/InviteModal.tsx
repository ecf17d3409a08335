/**
 * The invite modal (spec 2 Invite modal), driven by the invites machine the
 * home invokes: the member's invite link ({origin}/register?code=PR{profile
 * id}) with copy and, where the phone can, share; what an invite earns (the
 * server's rule); and the friends invited, 10 a page (spec 9). A chunk of its own.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import type { invitesMachine } from '../../../machines/invites/invites.machine.ts';
import type { InviteRule } from '../../../machines/invites/invites.types.ts';
import type { WalletResponse } from '../../contract/api.ts';
import type { InviteItem, InviteStatus } from '../../contract/rewards.ts';
import { copyText } from '../deposit/copy-text.ts';
import { memberCurrency } from '../ui/currency.ts';
import { formatDateTime } from '../ui/date-time.ts';
import { CopyIcon } from '../ui/member-icons.tsx';
import { Modal } from '../ui/Modal.tsx';
import { formatMoney, type Currency } from '../ui/money.ts';
import { PagedList, usePagedTable } from './PagedList.tsx';
import { ShareIcon } from './reward-icons.tsx';
import { inviteLink } from './rewards-rules.ts';
import './rewards.css';

type InvitesRef = ActorRefFrom<typeof invitesMachine>;

export default function InviteModal({ machine, wallet }: { machine: InvitesRef; wallet: WalletResponse }) {
  const { t } = useLingui();
  const currency = memberCurrency(wallet.bankAccount?.currency);
  const rule = useSelector(machine, (snapshot) => snapshot.context.rule);
  const table = usePagedTable(machine, 'loading');
  const link = inviteLink(window.location.origin, wallet.profile._id);

  return (
    <Modal open onOpenChange={(open) => !open && machine.send({ type: 'modal.close' })} title={<Trans>Invite friends</Trans>}>
      <div className="stack">
        <InviteLink link={link} />
        {rule && <RuleText rule={rule} currency={currency} />}
        <PagedList
          heading={<Trans>Friends you invited</Trans>}
          pagesLabel={t`Invite pages`}
          {...table}
          empty={<Trans>No friends have registered with your link yet.</Trans>}
          rowKey={(invite) => invite._id}
          renderRow={(invite) => <InviteRow invite={invite} currency={currency} />}
          onPage={(wanted) => machine.send({ type: 'invites.page', page: wanted })}
        />
      </div>
    </Modal>
  );
}

/** The link to send, with copy (spec 2: 'Copied: {text}' or 'Failed to copy') and the phone's share sheet where there is one. */
function InviteLink({ link }: { link: string }) {
  const { t } = useLingui();
  const canShare = typeof navigator.share === 'function';
  const share = () => {
    navigator.share({ title: t`Invite friends`, text: t`Register with my invite link:`, url: link }).catch(() => {
      // Dismissed or refused by the phone: the link is still on screen to copy.
    });
  };
  return (
    <div className="invite-link">
      <p className="invite-link__label">
        <Trans>Your invite link</Trans>
      </p>
      <p className="invite-link__url mono">{link}</p>
      <div className="button-row">
        <button
          type="button"
          className="button button--secondary button--grow"
          onClick={() => copyText(link, { copied: (text) => t`Copied: ${text}`, failed: t`Failed to copy` })}
        >
          <CopyIcon size={20} />
          <Trans>Copy link</Trans>
        </button>
        {canShare && (
          <button type="button" className="button button--primary button--grow" onClick={share}>
            <ShareIcon size={20} />
            <Trans>Share</Trans>
          </button>
        )}
      </div>
    </div>
  );
}

/** What an invite earns, in the server's numbers (docs/decisions/0098). */
function RuleText({ rule, currency }: { rule: InviteRule; currency: Currency }) {
  if (!rule.active) {
    return (
      <p className="reward-note">
        <Trans>Invite bonuses are paused right now. Friends can still register with your link.</Trans>
      </p>
    );
  }
  const { percent, turnoverMultiplier, windowDays } = rule;
  const minimum = formatMoney(rule.minimumDeposit, currency);
  return (
    <p className="reward-note">
      <Trans>
        You earn {percent}% of a friend's first deposit (at least {minimum}) once their bets reach {turnoverMultiplier}× that
        deposit within {windowDays} days of registering.
      </Trans>
    </p>
  );
}

function InviteRow({ invite, currency }: { invite: InviteItem; currency: Currency }) {
  return (
    <>
      <div className="reward-row__main">
        <span className="reward-row__title">{invite.from.name}</span>
        <time className="reward-row__time" dateTime={invite.createdAt}>
          {formatDateTime(invite.createdAt)}
        </time>
      </div>
      <div className="reward-row__side">
        {/* A dash while the invite has earned nothing. */}
        <span className="reward-row__amount">{invite.amount > 0 ? formatMoney(invite.amount, currency) : '–'}</span>
        <InviteStatusBadge status={invite.status} />
      </div>
    </>
  );
}

/** The status in words, never colour alone. */
function InviteStatusBadge({ status }: { status: InviteStatus }) {
  return (
    <span className={`reward-badge reward-badge--${status}`}>
      {status === 'waiting' && <Trans>Waiting</Trans>}
      {status === 'success' && <Trans>Earned</Trans>}
      {status === 'fail' && <Trans>Not earned</Trans>}
      {status === 'collected' && <Trans>Collected</Trans>}
    </span>
  );
}
