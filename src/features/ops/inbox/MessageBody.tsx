/**
 * What one message shows in the inbox (spec 3 message types): text,
 * buttons and quick replies (what the customer was offered: each button's
 * kind, title and what it does), media, the generic card carousel, a
 * postback (the button the customer pressed) and anything this version
 * cannot show. Every text is React text, never HTML; addresses go through
 * the chat's link rules (src/contract/rules/chat.ts) before they reach an
 * href or a src. The widget draws the same types for customers
 * (src/features/chat/MessageContent.tsx), with buttons that act; here they
 * only show what they would do.
 */
import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import type { ChatButton, ChatMessageBody, GenericCard, MediaPayload } from '../../../contract/chat.ts';
import { callButtonHref, mediaUrl, webButtonUrl } from '../../../contract/rules/chat.ts';
import { ExternalIcon } from '../../ui/action-icons.tsx';
import { FileIcon, FlagIcon, PhoneIcon, QuickTextIcon } from './inbox-icons.tsx';

export function MessageBody({ body }: { body: ChatMessageBody }) {
  switch (body.message_type) {
    case 'text':
      return <p className="bubble__text">{body.payload.text}</p>;
    case 'buttons':
    case 'quick_replies':
      return (
        <>
          <p className="bubble__text">{body.payload.text}</p>
          <ul className={body.message_type === 'buttons' ? 'offered-buttons' : 'offered-buttons offered-buttons--quick'}>
            {body.payloads.map((button, index) => (
              <li key={index}>
                <OfferedButton button={button} />
              </li>
            ))}
          </ul>
        </>
      );
    case 'media':
      return <Media media={body.payload} />;
    case 'generic':
      return (
        <ul className="card-carousel">
          {body.payloads.map((card, index) => (
            <li key={index}>
              <Card card={card} />
            </li>
          ))}
        </ul>
      );
    case 'postback':
      return <PostbackEvent title={body.payload.title} payload={body.payload.payload} />;
    case 'unknown':
      return (
        <p className="bubble__text muted">
          <Trans>This message cannot be shown here</Trans>
        </p>
      );
  }
}

/** The customer pressed a postback button: the button's title, and the payload it sent. */
function PostbackEvent({ title, payload }: { title: string; payload: string }) {
  return (
    <p className="bubble__text postback-event">
      <FlagIcon size={16} />
      <span>
        <Trans>Pressed “{title}”</Trans>
        {payload && <span className="postback-event__payload mono small"> {payload}</span>}
      </span>
    </p>
  );
}

/** A button as the customer saw it, with what pressing it does. */
function OfferedButton({ button }: { button: ChatButton }) {
  let action: ReactNode;
  switch (button.type) {
    case 'web': {
      const href = webButtonUrl(button.payload);
      action = href ? (
        <a className="text-link" href={href} target="_blank" rel="noopener noreferrer">
          <ExternalIcon size={14} /> {href}
        </a>
      ) : (
        <span className="muted">{button.payload}</span>
      );
      break;
    }
    case 'call': {
      const href = callButtonHref(button.payload);
      action = href ? (
        <a className="text-link" href={href}>
          <PhoneIcon size={14} /> {button.payload}
        </a>
      ) : (
        <span className="muted">{button.payload}</span>
      );
      break;
    }
    case 'postback':
      action = (
        <span>
          <FlagIcon size={14} /> <span className="mono">{button.payload}</span>
        </span>
      );
      break;
    case 'text':
      action = (
        <span>
          <QuickTextIcon size={14} /> <Trans>sends its title</Trans>
        </span>
      );
      break;
  }
  return (
    <span className="offered-button">
      <span className="offered-button__title">{button.title}</span>
      <span className="offered-button__action small">{action}</span>
    </span>
  );
}

function Media({ media }: { media: MediaPayload }) {
  // Until the server signs it, a media message names a stored path, not an address.
  const src = media.url ? mediaUrl(media.filePath, window.location.origin) : null;
  return (
    <>
      {src === null ? (
        <p className="bubble__text muted">
          <FileIcon size={16} /> <Trans>A file</Trans>
        </p>
      ) : media.fileType === 'image' ? (
        <a className="media-frame" href={src} target="_blank" rel="noopener noreferrer">
          <img src={src} alt="" loading="lazy" onError={hideBroken} />
        </a>
      ) : media.fileType === 'video' ? (
        <video className="media-frame" src={src} controls preload="metadata" />
      ) : (
        <a className="text-link" href={src} target="_blank" rel="noopener noreferrer">
          <FileIcon size={16} /> <Trans>Open the file</Trans>
        </a>
      )}
      {media.message && <p className="bubble__text">{media.message}</p>}
    </>
  );
}

/** A picture that does not load leaves its empty frame, not the browser's broken-image mark. */
function hideBroken(event: { currentTarget: HTMLImageElement }) {
  event.currentTarget.style.visibility = 'hidden';
}

function Card({ card }: { card: GenericCard }) {
  const image = card.image_url ? mediaUrl(card.image_url, window.location.origin) : null;
  return (
    <div className="generic-card">
      <div className="generic-card__image">{image && <img src={image} alt="" loading="lazy" onError={hideBroken} />}</div>
      <p className="generic-card__title">{card.title}</p>
      {card.subtitle && <p className="generic-card__subtitle small muted">{card.subtitle}</p>}
      {card.buttons.length > 0 && (
        <ul className="offered-buttons">
          {card.buttons.map((button, index) => (
            <li key={index}>
              <OfferedButton button={button} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
