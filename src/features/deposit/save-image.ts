/**
 * Hands a picture to the member's phone: the share sheet where the browser
 * can share files (Android Chrome, iOS Safari: "Save image", or straight
 * into a banking app), a download otherwise (desktop browsers, and when
 * sharing is refused).
 */
import type { SaveOutcome } from '../../../machines/qr-image/qr-image.types.ts';

/** The parts of `navigator` and `document` used here (the tests give their own). */
export interface SaveTargets {
  /** Browsers without Web Share have neither. */
  navigator: Partial<Pick<Navigator, 'canShare' | 'share'>>;
  document: Pick<Document, 'createElement' | 'body'>;
  url: Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'>;
}

const browser = (): SaveTargets => ({ navigator, document, url: URL });

/** How long a download's object URL is kept: the browser reads it after the click returns. */
const DOWNLOAD_URL_MS = 60_000;

export async function saveImage(file: File, targets: SaveTargets = browser()): Promise<SaveOutcome> {
  const { canShare, share } = targets.navigator;
  if (typeof canShare === 'function' && typeof share === 'function' && canShare.call(targets.navigator, { files: [file] })) {
    try {
      await share.call(targets.navigator, { files: [file], title: file.name });
      return 'shared';
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') return 'dismissed';
      // NotAllowedError (the tap's permission ran out) or a share target that failed: download it instead.
    }
  }
  download(file, targets);
  return 'downloaded';
}

function download(file: File, { document, url }: SaveTargets): void {
  const href = url.createObjectURL(file);
  const link = document.createElement('a');
  link.href = href;
  link.download = file.name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => url.revokeObjectURL(href), DOWNLOAD_URL_MS);
}
