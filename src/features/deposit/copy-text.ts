/** Copying a number for the member to paste in their bank app (spec 2: 'Copied: {text}' or 'Failed to copy'). */
import { showErrorToast, showSuccessToast } from '../ui/toast.ts';

interface CopyTexts {
  copied: (text: string) => string;
  failed: string;
}

export function copyText(text: string, texts: CopyTexts): void {
  // Missing outside secure contexts (a phone trying the app over plain http on the LAN).
  const clipboard = navigator.clipboard as Clipboard | undefined;
  if (!clipboard) return showErrorToast(texts.failed);
  clipboard.writeText(text).then(
    () => showSuccessToast(texts.copied(text)),
    () => showErrorToast(texts.failed),
  );
}
