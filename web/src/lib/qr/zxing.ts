import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill'
// Vite copies the wasm into the build with a hashed name: the ponyfill would fetch it from a CDN otherwise.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url'
import type { QrDetector } from './detector'

let prepared = false

/** The ponyfill, its ZXing module located on our own origin (this module is only ever loaded lazily). */
export function zxingDetector(): QrDetector {
  if (!prepared) {
    prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? new URL(wasmUrl, window.location.href).href : prefix + path),
      },
      fireImmediately: true,
    }).catch(() => {
      /* a failed load shows when detecting: the page offers typing the code */
    })
    prepared = true
  }
  return new BarcodeDetector({ formats: ['qr_code'] })
}
