/**
 * How-to (spec 2): five videos, each opening in a modal player. The clips
 * (/videos/<name>.mp4, filmed in the app by `npm run videos`) carry captions
 * in Thai, Lao and English, the member's language shown by default. A clip
 * is fetched only once its modal opens; when one is missing the player says so.
 */
import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Modal } from '../ui/Modal.tsx';
import { useDocumentTitle } from '../ui/use-document-title.ts';
import { AlertIcon, PlayIcon } from '../ui/icons.tsx';
import { bcp47, currentLocale } from '../../i18n/locale.ts';
import { CAPTION_LABELS, CAPTION_LOCALES, captionPath, videoPath, type HowtoVideo } from './videos.ts';

interface Video {
  name: HowtoVideo;
  title: ReactNode;
  summary: ReactNode;
}

const VIDEOS: Video[] = [
  {
    name: 'wallet',
    title: <Trans>Using your wallet</Trans>,
    summary: <Trans>Deposit money and see your balance.</Trans>,
  },
  {
    name: 'play',
    title: <Trans>Starting a game</Trans>,
    summary: <Trans>Open a game account and move credit into it.</Trans>,
  },
  {
    name: 'balance',
    title: <Trans>Checking your balance</Trans>,
    summary: <Trans>See the wallet and every game account at a glance.</Trans>,
  },
  {
    name: 'bonus',
    title: <Trans>Taking a bonus</Trans>,
    summary: <Trans>Choose a bonus or enter a promotion code.</Trans>,
  },
  {
    name: 'bonus-cancel',
    title: <Trans>Cancelling a bonus</Trans>,
    summary: <Trans>End a bonus you no longer want.</Trans>,
  },
];

export function HowtoPage() {
  const { t } = useLingui();
  useDocumentTitle(t`How to`);
  const [playing, setPlaying] = useState<Video | null>(null);

  return (
    <div className="stack stack--page">
      <h1>
        <Trans>How-to videos</Trans>
      </h1>
      <ul className="video-list">
        {VIDEOS.map((video) => (
          <li key={video.name}>
            <button type="button" className="video-list__item" aria-haspopup="dialog" onClick={() => setPlaying(video)}>
              <span className="video-list__icon">
                <PlayIcon size={28} />
              </span>
              <span className="video-list__text">
                <span className="video-list__title">{video.title}</span>
                <span className="video-list__summary">{video.summary}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <Modal
        open={playing !== null}
        onOpenChange={(open) => !open && setPlaying(null)}
        title={playing?.title ?? ''}
      >
        {playing && <VideoPlayer key={playing.name} name={playing.name} />}
      </Modal>
    </div>
  );
}

/** Mounted only while its modal is open (the modal renders it then), so the clip loads only when asked for. */
function VideoPlayer({ name }: { name: HowtoVideo }) {
  const { i18n } = useLingui();
  const [failed, setFailed] = useState(false);
  void i18n.locale; // re-render on a language change: the default captions follow it
  const locale = currentLocale();
  if (failed) {
    return (
      <div className="video-fallback" role="status">
        <AlertIcon size={32} />
        <p>
          <Trans>This video is not available yet. Please try again later, or contact us for help.</Trans>
        </p>
      </div>
    );
  }
  return (
    <div className="video-frame">
      {/* metadata: enough to show the first frame and its length, or to find the clip missing (the fallback). */}
      <video src={videoPath(name)} controls playsInline preload="metadata" onError={() => setFailed(true)}>
        {CAPTION_LOCALES.map((captions) => (
          <track
            key={captions}
            kind="captions"
            srcLang={bcp47(captions)}
            label={CAPTION_LABELS[captions]}
            src={captionPath(name, captions)}
            default={captions === locale}
          />
        ))}
        <Trans>Your browser cannot play this video.</Trans>
      </video>
    </div>
  );
}
