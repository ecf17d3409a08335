/**
 * The QR image as the server draws it (SVG markup), made safe to put in the
 * page: DOMPurify with its SVG profile only, so no script, event handler,
 * foreignObject or outside reference survives.
 */
import DOMPurify from 'dompurify';

export function sanitizeQrSvg(markup: string): string {
  return DOMPurify.sanitize(markup, { USE_PROFILES: { svg: true, svgFilters: false } });
}
