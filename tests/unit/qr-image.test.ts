/**
 * Saving the QR picture (docs/decisions/0087-saving-the-qr-picture.md), the parts that need no canvas: where the
 * picture goes (share sheet or download), its file name, and the size of
 * the code in it. The drawing itself is read back by ZXing in the browser
 * suite (tests/browser/qr-image.spec.ts).
 */
import QRCode from 'qrcode';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { frameFileName, frameLayout, MIN_CODE_PIXELS } from '../../src/features/deposit/qr-frame.ts';
import { saveImage, type SaveTargets } from '../../src/features/deposit/save-image.ts';

const picture = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'thai-qr-100.00-THB-20261124-1432.png', { type: 'image/png' });

/** A browser with or without file sharing, recording what it was asked to do. */
function fakeBrowser(share?: (data: ShareData) => Promise<void>) {
  const clicked: { href: string; download: string; inPage: boolean }[] = [];
  const shared: ShareData[] = [];
  const revoked: string[] = [];
  const body = { children: new Set<unknown>(), append: (node: unknown) => body.children.add(node) };
  const targets = {
    navigator: share
      ? {
          canShare: (data?: ShareData) => Boolean(data?.files?.length),
          share: async (data?: ShareData) => {
            shared.push(data!);
            await share(data!);
          },
        }
      : {},
    document: {
      body,
      createElement: () => {
        const link = {
          href: '',
          download: '',
          rel: '',
          click: () => clicked.push({ href: link.href, download: link.download, inPage: body.children.has(link) }),
          remove: () => body.children.delete(link),
        };
        return link;
      },
    },
    url: { createObjectURL: (file: Blob) => `blob:${(file as File).name}`, revokeObjectURL: (href: string) => revoked.push(href) },
  } as unknown as SaveTargets;
  return { targets, clicked, shared, revoked, body };
}

describe('saveImage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('downloads the file under its name where the browser cannot share files, and lets go of its URL later', async () => {
    vi.useFakeTimers();
    const browser = fakeBrowser();
    expect(await saveImage(picture, browser.targets)).toBe('downloaded');
    expect(browser.clicked).toEqual([{ href: `blob:${picture.name}`, download: picture.name, inPage: true }]);
    expect(browser.body.children.size).toBe(0);
    // The browser reads the URL after the click: it is kept a while, then revoked.
    expect(browser.revoked).toEqual([]);
    vi.advanceTimersByTime(60_000);
    expect(browser.revoked).toEqual([`blob:${picture.name}`]);
  });

  it('offers the file to the share sheet where the browser can share files, and downloads nothing', async () => {
    const browser = fakeBrowser(async () => {});
    expect(await saveImage(picture, browser.targets)).toBe('shared');
    expect(browser.shared).toEqual([{ files: [picture], title: picture.name }]);
    expect(browser.clicked).toEqual([]);
  });

  it('answers dismissed when the member closes the share sheet, and downloads nothing', async () => {
    const browser = fakeBrowser(() => Promise.reject(new DOMException('Share canceled', 'AbortError')));
    expect(await saveImage(picture, browser.targets)).toBe('dismissed');
    expect(browser.clicked).toEqual([]);
  });

  it('downloads instead when sharing is refused (the tap’s permission ran out, or the share target failed)', async () => {
    for (const refusal of [new DOMException('no user activation', 'NotAllowedError'), new TypeError('share failed')]) {
      const browser = fakeBrowser(() => Promise.reject(refusal));
      expect(await saveImage(picture, browser.targets)).toBe('downloaded');
      expect(browser.shared).toHaveLength(1);
      expect(browser.clicked.map((click) => click.download)).toEqual([picture.name]);
    }
  });
});

describe('the frame', () => {
  it('names the file for the amount (2 decimals) and the local time it is valid until', () => {
    const until = new Date(2026, 10, 24, 14, 32, 59).getTime();
    expect(frameFileName(100, until)).toBe('thai-qr-100.00-THB-20261124-1432.png');
    expect(frameFileName(1234.5, new Date(2027, 0, 2, 3, 4).getTime())).toBe('thai-qr-1234.50-THB-20270102-0304.png');
  });

  it('draws the code at least 640 px wide in whole-pixel modules, with a 4-module quiet zone inside the picture', () => {
    // The sizes PromptPay payloads take: short and long amounts, and the largest QR version.
    const sizes = ['00020101021229370016A000000677010111', '0'.repeat(120), '0'.repeat(2000)].map(
      (text) => QRCode.create(text, { errorCorrectionLevel: 'M' }).modules.size,
    );
    for (const modules of [...new Set(sizes)]) {
      for (const withReceiver of [true, false]) {
        const layout = frameLayout(modules, withReceiver);
        expect(Number.isInteger(layout.modulePixels)).toBe(true);
        expect(layout.codePixels).toBe(modules * layout.modulePixels);
        expect(layout.codePixels).toBeGreaterThanOrEqual(MIN_CODE_PIXELS);
        // No more than one module's rounding above the minimum.
        expect(layout.codePixels).toBeLessThan(MIN_CODE_PIXELS + modules);
        expect(layout.codeLeft).toBeGreaterThanOrEqual(4 * layout.modulePixels);
        expect(layout.width - layout.codeLeft - layout.codePixels).toBe(layout.codeLeft);
        expect(layout.codeTop).toBeGreaterThan(layout.band + 4 * layout.modulePixels - 1);
        expect(layout.height).toBeGreaterThan(layout.codeTop + layout.codePixels + 4 * layout.modulePixels);
      }
    }
  });
});
