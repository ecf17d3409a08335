/**
 * A message the customer is sending (spec 3 delivery statuses, spec 4 chat
 * media message), drawn from its machines/chat-media actor until the server
 * has it: the text or the file (an image previewed from the device), a
 * progress bar while the file uploads, "sending", "waiting for the
 * connection", or not sent with its reason and Retry and Remove.
 */
import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { MessageText } from '../errors/message-text.tsx';
import { FileIcon, RetryIcon } from '../chat-shared/chat-icons.tsx';
import { useOutgoing, type ChatMediaRef } from '../chat-shared/use-outgoing.ts';

export type { ChatMediaRef };

export function OutgoingItem({ item }: { item: ChatMediaRef }) {
  const { t } = useLingui();
  const what = useSelector(item, (snapshot) => snapshot.context.item);
  const { progress, failure, uploading, queued, failed } = useOutgoing(item);
  const file = what.kind === 'file' ? what.file : null;
  const fileName = file?.name ?? '';
  const preview = useImagePreview(file);

  return (
    <div className={`chat-item chat-item--customer ${failed ? 'chat-item--failed' : 'chat-item--pending'}`}>
      <div className="chat-bubble">
        {what.kind === 'text' && <p className="chat-text">{what.text.trim()}</p>}
        {what.kind === 'postback' && <p className="chat-text">{what.title}</p>}
        {file &&
          (preview ? (
            <span className="chat-media chat-media--image">
              <img src={preview} alt={file.name} />
            </span>
          ) : (
            <p className="chat-file-name">
              <FileIcon size={20} />
              <span>{file.name}</span>
            </p>
          ))}
        {uploading && !queued && (
          <div
            className="chat-progress"
            role="progressbar"
            aria-label={t`Uploading ${fileName}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
          >
            <div className="chat-progress__bar" style={{ width: `${progress}%` }} />
          </div>
        )}
      </div>
      {failed ? (
        <>
          <p className="chat-meta chat-meta--failed" role="alert">
            <Trans>Not sent.</Trans> <MessageText message={failure ?? ''} />
          </p>
          <div className="chat-item__actions">
            <button type="button" className="button button--secondary" onClick={() => item.send({ type: 'item.retry' })}>
              <RetryIcon size={18} />
              <Trans>Retry</Trans>
            </button>
            <button type="button" className="button button--ghost" onClick={() => item.send({ type: 'item.remove' })}>
              <Trans>Remove</Trans>
            </button>
          </div>
        </>
      ) : (
        <p className="chat-meta">
          {queued ? (
            <Trans>Waiting for the connection…</Trans>
          ) : uploading ? (
            <Trans>Uploading… {progress}%</Trans>
          ) : (
            <Trans>Sending…</Trans>
          )}
        </p>
      )}
    </div>
  );
}

/** A local picture of an image being sent (blob: is allowed by the CSP's img-src); none for a video. */
function useImagePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !file.type.startsWith('image/') || typeof URL.createObjectURL !== 'function') return;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [file]);
  return url;
}
