/**
 * The Thai QR Payment frame around a deposit QR (docs/decisions/0086-thai-qr-payment-frame.md): a header band
 * "THAI QR PAYMENT · PromptPay", the code on white, then the amount, the
 * time it is valid until and the receiving account's name. The modal shows
 * it in HTML (QrPanel.tsx) and the member saves it as a PNG drawn here on a
 * canvas from the payload, so a banking app can read it from the photo
 * library: both take their words from FrameText and their colours from
 * FRAME_COLOURS, so what is saved is what was seen.
 *
 * The frame keeps its light colours in dark mode, like a printed code:
 * banking apps read dark modules on a light ground.
 */
import QRCode from 'qrcode';
import { DateTime } from 'luxon';
import { QR_ERROR_CORRECTION } from '../../contract/deposit.ts';

/** The scheme's name as Thai members know it from shop counters: the same in every language. */
export const FRAME_HEADER = 'THAI QR PAYMENT · PromptPay';

/** The app's own palette (src/styles/tokens.css, light), fixed so the code always reads. */
export const FRAME_COLOURS = {
  band: '#0d6b58',
  onBand: '#ffffff',
  ground: '#ffffff',
  ink: '#13201d',
  muted: '#4b5a56',
  rule: '#c9d4d1',
} as const;

/** The frame's words, in the member's language (QrPanel.tsx translates them). */
export interface FrameText {
  /** "฿1,000.00" */
  amount: string;
  /** "Valid until 14:32" */
  validUntil: string;
  /** "Pay to" */
  receiverLabel: string;
  /** The receiving account's name; the line is left out when empty. */
  receiverName: string;
}

/** The smallest side of the code itself, in pixels: banking apps read photos of this size reliably. */
export const MIN_CODE_PIXELS = 640;
/** The white margin the QR standard asks for, in modules. */
const QUIET_MODULES = 4;

/** How long the drawing waits for the app's faces before it uses the system's. */
const FONT_WAIT_MS = 3000;

const FONT_FAMILY = '"Noto Sans Thai", "Noto Sans Lao", system-ui, sans-serif';
const font = (weight: number, size: number) => `${weight} ${size}px ${FONT_FAMILY}`;

/** Where the parts of the image go, in pixels; the code's modules are whole pixels wide. */
interface FrameLayout {
  width: number;
  height: number;
  band: number;
  modulePixels: number;
  /** Left and top of the code's first module. */
  codeLeft: number;
  codeTop: number;
  codePixels: number;
}

const BORDER = 6;
const PADDING = 40;
const BAND = 120;
/** Below the code: the amount and the time, and the receiver when there is one. */
const TEXT_BLOCK = { withReceiver: 300, without: 190 };

export function frameLayout(modules: number, withReceiver: boolean): FrameLayout {
  const modulePixels = Math.ceil(MIN_CODE_PIXELS / modules);
  const codePixels = modules * modulePixels;
  const quiet = QUIET_MODULES * modulePixels;
  const width = codePixels + 2 * (quiet + BORDER);
  return {
    width,
    height: BORDER + BAND + quiet + codePixels + quiet + TEXT_BLOCK[withReceiver ? 'withReceiver' : 'without'] + BORDER,
    band: BAND,
    modulePixels,
    codeLeft: BORDER + quiet,
    codeTop: BORDER + BAND + quiet,
    codePixels,
  };
}

/** "thai-qr-1000.00-THB-20261124-1432.png": the amount and the time it is valid until. */
export function frameFileName(amount: number, validUntil: number): string {
  return `thai-qr-${amount.toFixed(2)}-THB-${DateTime.fromMillis(validUntil).toFormat('yyyyMMdd-HHmm')}.png`;
}

/** Writes `text` centred at `y`, shrunk until it fits `maxWidth` (never below 60% of `size`). */
function centred(context: CanvasRenderingContext2D, text: string, y: number, weight: number, size: number, maxWidth: number): void {
  let fitted = size;
  context.font = font(weight, fitted);
  while (fitted > size * 0.6 && context.measureText(text).width > maxWidth) {
    fitted -= 2;
    context.font = font(weight, fitted);
  }
  context.fillText(text, context.canvas.width / 2, y, maxWidth);
}

/** The faces the words need, loaded before drawing (a canvas does not wait for web fonts). */
async function loadFonts(text: FrameText): Promise<void> {
  if (!document.fonts) return;
  const sample = [FRAME_HEADER, text.amount, text.validUntil, text.receiverLabel, text.receiverName].join(' ');
  // A face that fails to load, or is slow to, leaves the system's: the picture is still right, in another face.
  const loaded = Promise.allSettled([400, 600, 700].map((weight) => document.fonts.load(font(weight, 32), sample)));
  await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, FONT_WAIT_MS))]);
}

/** Draws the frame with the code of `payload` on a new canvas. */
async function drawFrame(payload: string, text: FrameText): Promise<HTMLCanvasElement> {
  const code = QRCode.create(payload, { errorCorrectionLevel: QR_ERROR_CORRECTION });
  const layout = frameLayout(code.modules.size, text.receiverName !== '');
  await loadFonts(text);

  const canvas = document.createElement('canvas');
  canvas.width = layout.width;
  canvas.height = layout.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');

  const { width, height, band, modulePixels, codeLeft, codeTop, codePixels } = layout;
  // The band's colour is the border too; the ground inside it is white.
  context.fillStyle = FRAME_COLOURS.band;
  context.fillRect(0, 0, width, height);
  context.fillStyle = FRAME_COLOURS.ground;
  context.fillRect(BORDER, BORDER + band, width - 2 * BORDER, height - band - 2 * BORDER);

  context.textAlign = 'center';
  context.textBaseline = 'middle';
  const textWidth = width - 2 * (BORDER + PADDING);
  context.fillStyle = FRAME_COLOURS.onBand;
  centred(context, FRAME_HEADER, BORDER + band / 2, 700, 44, textWidth);

  context.fillStyle = FRAME_COLOURS.ink;
  for (let row = 0; row < code.modules.size; row += 1) {
    for (let column = 0; column < code.modules.size; column += 1) {
      if (code.modules.get(row, column)) {
        context.fillRect(codeLeft + column * modulePixels, codeTop + row * modulePixels, modulePixels, modulePixels);
      }
    }
  }

  let y = codeTop + codePixels + QUIET_MODULES * modulePixels;
  context.fillStyle = FRAME_COLOURS.rule;
  context.fillRect(BORDER + PADDING, y, textWidth, 2);
  context.fillStyle = FRAME_COLOURS.ink;
  centred(context, text.amount, (y += 70), 700, 72, textWidth);
  context.fillStyle = FRAME_COLOURS.muted;
  centred(context, text.validUntil, (y += 80), 600, 36, textWidth);
  if (text.receiverName) {
    centred(context, text.receiverLabel, (y += 60), 400, 30, textWidth);
    context.fillStyle = FRAME_COLOURS.ink;
    centred(context, text.receiverName, (y += 46), 600, 36, textWidth);
  }
  return canvas;
}

/** The frame as a PNG file named for its amount and time. */
export async function frameImage(payload: string, text: FrameText, fileName: string): Promise<File> {
  const canvas = await drawFrame(payload, text);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the canvas gave no PNG');
  return new File([blob], fileName, { type: 'image/png' });
}
