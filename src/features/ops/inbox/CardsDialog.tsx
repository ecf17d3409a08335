/**
 * Builds a generic card carousel (spec 3 generic card), kept simple: up to
 * three cards, each with a title, a subtitle, an image address and at most
 * one button. Images show only from this site (the page's policy loads
 * nothing else), so the address is checked the way the bubbles show it.
 * The form is machines/reply-builder's; this view says what was refused.
 */
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { builderRefusals, emptyButton } from '../../../../machines/reply-builder/built-message.ts';
import type { CardDraft } from '../../../../machines/reply-builder/reply-builder.types.ts';
import { CHAT_BUILT_CARDS_MAX, CHAT_PAYLOAD_MAX, CHAT_SUBTITLE_MAX, CHAT_TITLE_MAX, chatButtonRefusal, type BuiltRefusal } from '../../../contract/rules/chat.ts';
import { newDeliverId } from '../../chat-shared/deliver-id.ts';
import { Field } from '../../ui/Field.tsx';
import { BuilderDialog, ItemHead } from './BuilderParts.tsx';
import type { BuilderRef } from './builder-ref.ts';
import { ButtonFields } from './ButtonFields.tsx';
import { PlusIcon, TrashIcon } from './inbox-icons.tsx';

export default function CardsDialog({ builder, onClose }: { builder: BuilderRef; onClose: () => void }) {
  const cards = useSelector(builder, (snapshot) => snapshot.context.cards);
  const checked = useSelector(builder, (snapshot) => snapshot.hasTag('checked'));
  const refusals = useSelector(builder, (snapshot) => builderRefusals(snapshot.context));

  return (
    <BuilderDialog title={<Trans>Cards</Trans>} onClose={onClose} onSubmit={() => builder.send({ type: 'builder.send', id: newDeliverId() })}>
      <ol className="builder-list">
        {cards.map((card, index) => (
          <li key={index} className="builder-item">
            <CardFields
              number={index + 1}
              card={card}
              checked={checked}
              refusal={checked ? (refusals.cards[index] ?? null) : null}
              onChange={(changed) => builder.send({ type: 'builder.card', index, card: changed })}
              onRemove={cards.length > 1 ? () => builder.send({ type: 'builder.removeCard', index }) : undefined}
            />
          </li>
        ))}
      </ol>
      {cards.length < CHAT_BUILT_CARDS_MAX && (
        <button type="button" className="icon-text-button" onClick={() => builder.send({ type: 'builder.addCard' })}>
          <PlusIcon size={20} />
          <Trans>Add a card</Trans>
        </button>
      )}
    </BuilderDialog>
  );
}

interface CardFieldsProps {
  number: number;
  card: CardDraft;
  /** The agent tried to send: refusals show. */
  checked: boolean;
  /** The card's refused field, once the agent tried to send. */
  refusal: BuiltRefusal<'title' | 'subtitle' | 'image' | 'button'> | null;
  onChange: (card: CardDraft) => void;
  onRemove?: () => void;
}

function CardFields({ number, card, checked, refusal, onChange, onRemove }: CardFieldsProps) {
  const { t } = useLingui();
  const field = refusal?.field ?? null;
  return (
    <>
      <ItemHead name={<Trans>Card {number}</Trans>} removeLabel={t`Remove this card`} onRemove={onRemove} />
      <Field
        label={<Trans>Title</Trans>}
        value={card.title}
        maxLength={CHAT_TITLE_MAX}
        invalid={field === 'title'}
        hint={field === 'title' ? <Trans>Write a title of up to 80 characters.</Trans> : undefined}
        onValueChange={(title) => onChange({ ...card, title })}
      />
      <Field label={<Trans>Subtitle</Trans>} value={card.subtitle} maxLength={CHAT_SUBTITLE_MAX} onValueChange={(subtitle) => onChange({ ...card, subtitle })} />
      <Field
        label={<Trans>Image address (optional)</Trans>}
        value={card.imageUrl}
        maxLength={CHAT_PAYLOAD_MAX}
        invalid={field === 'image'}
        hint={field === 'image' ? <Trans>Use an image on this site, e.g. /banners/promo.png</Trans> : <Trans>An image on this site, e.g. /banners/promo.png</Trans>}
        onValueChange={(imageUrl) => onChange({ ...card, imageUrl })}
      />
      {card.button ? (
        <>
          <ButtonFields button={card.button} refusal={checked ? chatButtonRefusal(card.button) : null} onChange={(button) => onChange({ ...card, button })} />
          <button type="button" className="icon-text-button" onClick={() => onChange({ ...card, button: null })}>
            <TrashIcon size={18} />
            <Trans>Remove the button</Trans>
          </button>
        </>
      ) : (
        <button type="button" className="icon-text-button" onClick={() => onChange({ ...card, button: emptyButton('web') })}>
          <PlusIcon size={18} />
          <Trans>Add a button</Trans>
        </button>
      )}
    </>
  );
}
