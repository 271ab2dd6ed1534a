/**
 * Reading QR codes with the camera (docs/architecture.md, Libraries). The browser's BarcodeDetector where it has one;
 * elsewhere (iPad Safari, Firefox, Chrome on Windows and Linux) the `barcode-detector` ponyfill, loaded only
 * then, whose ZXing wasm is served by us (see ./zxing.ts): nothing comes from a CDN.
 */

export interface DetectedCode {
  rawValue: string
}

export interface QrDetector {
  detect: (source: HTMLVideoElement | ImageBitmapSource) => Promise<DetectedCode[]>
}

interface DetectorClass {
  new (options?: { formats?: string[] }): QrDetector
  getSupportedFormats?: () => Promise<readonly string[]>
}

/** The native detector when it reads QR codes, else null. */
export async function nativeDetector(): Promise<QrDetector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector
  if (!Native) return null
  try {
    const formats = (await Native.getSupportedFormats?.()) ?? []
    return formats.includes('qr_code') ? new Native({ formats: ['qr_code'] }) : null
  } catch {
    return null
  }
}

export async function loadQrDetector(): Promise<QrDetector> {
  const native = await nativeDetector()
  if (native) return native
  const { zxingDetector } = await import('./zxing')
  return zxingDetector()
}

export const SCAN_INTERVAL_MS = 250
/** The same code seen again within this time is the same ticket still in front of the camera. */
export const SAME_CODE_MS = 4000

/**
 * Reads frames until stopped and calls `onCode` once per code (again only after SAME_CODE_MS). A frame the
 * detector cannot read (the video not ready yet) is skipped.
 */
export function scanFrames(
  detector: QrDetector,
  source: HTMLVideoElement,
  onCode: (code: string) => void,
  intervalMs = SCAN_INTERVAL_MS,
): () => void {
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const seen = new Map<string, number>()
  const tick = async () => {
    try {
      const codes = await detector.detect(source)
      const now = Date.now()
      for (const { rawValue } of codes) {
        const code = rawValue.trim()
        if (!code || stopped) continue
        if (now - (seen.get(code) ?? -Infinity) < SAME_CODE_MS) continue
        seen.set(code, now)
        onCode(code)
      }
    } catch {
      /* not ready yet, or an unreadable frame */
    }
    if (!stopped) timer = setTimeout(() => void tick(), intervalMs)
  }
  void tick()
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}
