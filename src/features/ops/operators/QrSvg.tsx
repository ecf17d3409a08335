/**
 * A QR code drawn here from its text with the `qrcode` package (nothing is
 * sent anywhere to draw it): the modules as one SVG path, dark on white with
 * the quiet zone the standard asks for, whatever the colour scheme, so an
 * authenticator app reads it from the screen.
 */
import QRCode from 'qrcode';

/** The white margin the QR standard asks for, in modules. */
const QUIET_MODULES = 4;

export function QrSvg({ text, label, size = 220 }: { text: string; label: string; size?: number }) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = modules.size + 2 * QUIET_MODULES;
  let path = '';
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) path += `M${column + QUIET_MODULES} ${row + QUIET_MODULES}h1v1h-1z`;
    }
  }
  return (
    <svg className="ops-qr" role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${side} ${side}`} shapeRendering="crispEdges">
      <rect width={side} height={side} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
