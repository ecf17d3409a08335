/**
 * Member area shell (spec 2): top bar with the product name, language and
 * logout; bottom menu with profile, conditions (a modal), statement, contact
 * and home.
 */
import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSession } from '../../app/use-app.ts';
import { ChatIcon } from '../ui/icons.tsx';
import { ConditionsIcon, HomeIcon, LogoutIcon, ProfileIcon, StatementIcon } from '../ui/member-icons.tsx';
import { ConditionsDialog } from './ConditionsDialog.tsx';
import { ShellFrame } from './ShellFrame.tsx';

export function MemberShell() {
  const { t } = useLingui();
  const session = useSession();
  const signingOut = useSelector(session, (snapshot) => snapshot.hasTag('busy'));
  const [conditionsOpen, setConditionsOpen] = useState(false);

  return (
    <ShellFrame
      area="member"
      actions={
        <button
          type="button"
          className="icon-button"
          aria-label={t`Log out`}
          title={t`Log out`}
          disabled={signingOut}
          onClick={() => session.send({ type: 'session.signOut' })}
        >
          <LogoutIcon size={22} />
        </button>
      }
      items={[
        { kind: 'link', to: '/user/profile', label: <Trans>Profile</Trans>, icon: ProfileIcon },
        {
          kind: 'button',
          onClick: () => setConditionsOpen(true),
          expanded: conditionsOpen,
          label: <Trans>Conditions</Trans>,
          icon: ConditionsIcon,
        },
        {
          kind: 'link',
          to: '/user/statement',
          // A shorter word than the page title where five items share a phone's width.
          label: <Trans context="bottom menu">Statement</Trans>,
          icon: StatementIcon,
        },
        { kind: 'link', to: '/user/contact', label: <Trans>Contact</Trans>, icon: ChatIcon },
        { kind: 'link', to: '/user/home', label: <Trans>Home</Trans>, icon: HomeIcon },
      ]}
    >
      <ConditionsDialog open={conditionsOpen} onOpenChange={setConditionsOpen} />
    </ShellFrame>
  );
}
