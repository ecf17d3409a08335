/** A member's standing as a word and a colour (UI.md: status = word + colour). */
import { Trans } from '@lingui/react/macro';
import type { MemberStatus } from '../../../../machines/member-standing/member-standing.types.ts';

const TONE: Record<MemberStatus, string> = { active: 'good', suspended: 'waiting', closed: 'bad' };

export function MemberStatusWord({ status }: { status: MemberStatus }) {
  return (
    <span className={`ops-status ops-status--${TONE[status]}`}>
      {status === 'active' ? <Trans>Active</Trans> : status === 'suspended' ? <Trans>Suspended</Trans> : <Trans>Closed</Trans>}
    </span>
  );
}

/** The page of a member: /ops/members/<phone>. */
export const memberPath = (phone: string) => ({ to: '/ops/$', params: { _splat: `members/${phone}` } }) as const;
