/**
 * ZXing (zxing-wasm), the QR reader, with its WASM binary read from
 * node_modules: the package would otherwise fetch it from a CDN at the
 * first call. Import readBarcodes from here, not from the package.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule } from 'zxing-wasm/reader';

const require = createRequire(import.meta.url);
prepareZXingModule({
  overrides: { wasmBinary: new Uint8Array(readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'))).buffer },
});

export { readBarcodes } from 'zxing-wasm/reader';
