/**
 * Builds a generic card carousel (spec 3 generic card), kept simple: up to
 * three cards, each with a title, a subtitle, an image address and at most
 * one button. Images show only from this site (the page's policy loads
 * nothing else), so the address is checked the way the bubbles show it.
 */
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ChatMessageBody } from '../../../contract/chat.ts';
import { CHAT_PAYLOAD_MAX, CHAT_SUBTITLE_MAX, CHAT_TITLE_MAX } from '../../../contract/rules/chat.ts';
import { newDeliverId } from '../../chat-shared/deliver-id.ts';
import { Field } from '../../ui/Field.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { cardProblem, emptyButton, emptyCard, toCard, type CardDraft } from './builder-rules.ts';
import { ButtonFields } from './ButtonFields.tsx';
import { PlusIcon, TrashIcon } from './inbox-icons.tsx';

interface Props {
  onClose: () => void;
  onSend: (message: ChatMessageBody) => void;
}

const MOST_CARDS = 3;

export default function CardsDialog({ onClose, onSend }: Props) {
  const [cards, setCards] = useState<CardDraft[]>([emptyCard()]);
  const [checked, setChecked] = useState(false);
  const change = (index: number, card: CardDraft) => setCards(cards.map((other, at) => (at === index ? card : other)));

  const send = () => {
    setChecked(true);
    const origin = window.location.origin;
    if (cards.some((card) => cardProblem(card, origin) !== null)) return;
    onSend({ message_type: 'generic', payloads: cards.map((card) => toCard(card, origin)), deliver: { id: newDeliverId(), status: 'sending' } });
  };

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={<Trans>Cards</Trans>} size="wide">
      <form
        className="stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <ol className="builder-list">
          {cards.map((card, index) => (
            <li key={index} className="builder-item">
              <CardFields
                number={index + 1}
                card={card}
                checked={checked}
                onChange={(changed) => change(index, changed)}
                onRemove={cards.length > 1 ? () => setCards(cards.filter((_, at) => at !== index)) : undefined}
              />
            </li>
          ))}
        </ol>
        {cards.length < MOST_CARDS && (
          <button type="button" className="icon-text-button" onClick={() => setCards([...cards, emptyCard()])}>
            <PlusIcon size={20} />
            <Trans>Add a card</Trans>
          </button>
        )}
        <div className="button-row">
          <button type="submit" className="button button--primary">
            <Trans>Send</Trans>
          </button>
          <button type="button" className="button button--ghost" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    </Modal>
  );
}

interface CardFieldsProps {
  number: number;
  card: CardDraft;
  checked: boolean;
  onChange: (card: CardDraft) => void;
  onRemove?: () => void;
}

function CardFields({ number, card, checked, onChange, onRemove }: CardFieldsProps) {
  const { t } = useLingui();
  const problem = checked ? cardProblem(card, window.location.origin) : null;
  return (
    <>
      <div className="builder-item__head">
        <span className="field__label">
          <Trans>Card {number}</Trans>
        </span>
        {onRemove && (
          <button type="button" className="icon-button" aria-label={t`Remove this card`} onClick={onRemove}>
            <TrashIcon size={20} />
          </button>
        )}
      </div>
      <Field
        label={<Trans>Title</Trans>}
        value={card.title}
        maxLength={CHAT_TITLE_MAX}
        invalid={problem === 'title'}
        hint={problem === 'title' ? <Trans>Write a title of up to 80 characters.</Trans> : undefined}
        onValueChange={(title) => onChange({ ...card, title })}
      />
      <Field label={<Trans>Subtitle</Trans>} value={card.subtitle} maxLength={CHAT_SUBTITLE_MAX} onValueChange={(subtitle) => onChange({ ...card, subtitle })} />
      <Field
        label={<Trans>Image address (optional)</Trans>}
        value={card.imageUrl}
        maxLength={CHAT_PAYLOAD_MAX}
        invalid={problem === 'image'}
        hint={problem === 'image' ? <Trans>Use an image on this site, e.g. /banners/promo.png</Trans> : <Trans>An image on this site, e.g. /banners/promo.png</Trans>}
        onValueChange={(imageUrl) => onChange({ ...card, imageUrl })}
      />
      {card.button ? (
        <>
          <ButtonFields button={card.button} checked={checked} onChange={(button) => onChange({ ...card, button })} />
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
