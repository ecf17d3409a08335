/** Names the bonus page shows for the server's types and kinds. */
import { Trans } from '@lingui/react/macro';
import type { BonusKind, BonusType } from '../../contract/bonus.ts';

/** spec 3: limit counts every receipt, day today's, week this week's. */
export function BonusTypeName({ type, kind }: { type: BonusType | null | undefined; kind?: BonusKind | undefined }) {
  if (kind === 'promotion') return <Trans>Promotion</Trans>;
  switch (type) {
    case 'day':
      return <Trans>Daily bonus</Trans>;
    case 'week':
      return <Trans>Weekly bonus</Trans>;
    default:
      return <Trans>One-time bonus</Trans>;
  }
}
