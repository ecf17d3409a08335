/** How an offer reads in the console: its grant, how often a member may take it, its status as a word. */
import { Trans } from '@lingui/react/macro';
import type { OpsBonus, OpsOfferBounds } from '../../../contract/bonus.ts';
import type { BonusDefinition } from '../../../contract/bonus.ts';
import { offerAboveBounds } from '../../../../machines/bonus-edit/bonus-edit.form.ts';
import { formatMoney } from '../../ui/money.ts';

export function GrantText({ offer }: { offer: Pick<BonusDefinition, 'grant' | 'currency'> }) {
  const { grant, currency } = offer;
  if (grant.kind === 'fixed') return <>{formatMoney(grant.amount, currency)}</>;
  const cap = formatMoney(grant.cap, currency);
  return (
    <Trans>
      {grant.percent}% of the deposit, up to {cap}
    </Trans>
  );
}

/** spec 3: limit counts every receipt, day today's, week this week's. */
export function TimesText({ offer }: { offer: Pick<BonusDefinition, 'type' | 'maxReceived' | 'kind'> }) {
  const times = offer.maxReceived;
  if (offer.kind === 'promotion') return <Trans>Once per member (a code)</Trans>;
  if (offer.type === 'day') return <Trans>{times} a day</Trans>;
  if (offer.type === 'week') return <Trans>{times} a week</Trans>;
  return <Trans>{times} in all</Trans>;
}

/** Status as a word and a colour: an offer paused above the bounds waits for finance (docs/decisions/0120-offer-bounds.md). */
export function OfferStatus({ offer, bounds }: { offer: OpsBonus; bounds: OpsOfferBounds | null }) {
  if (offer.status === 'active')
    return (
      <span className="ops-status ops-status--good">
        <Trans>Active</Trans>
      </span>
    );
  if (bounds && offerAboveBounds(offer, bounds))
    return (
      <span className="ops-status ops-status--waiting">
        <Trans>Waiting for finance</Trans>
      </span>
    );
  return (
    <span className="ops-status">
      <Trans>Paused</Trans>
    </span>
  );
}
