import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadQrDetector, scanFrames, SAME_CODE_MS } from './detector'

const prepareZXingModule = vi.fn((_options: unknown) => Promise.resolve({}))
vi.mock('barcode-detector/ponyfill', () => ({
  prepareZXingModule: (options: unknown) => prepareZXingModule(options),
  BarcodeDetector: class {
    detect = async () => [{ rawValue: 'from-ponyfill' }]
  },
}))

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('loadQrDetector', () => {
  it("uses the browser's BarcodeDetector when it reads QR codes", async () => {
    const made: unknown[] = []
    class Native {
      static getSupportedFormats = async () => ['qr_code', 'ean_13']
      constructor(options: unknown) {
        made.push(options)
      }
      detect = async () => [{ rawValue: 'native' }]
    }
    vi.stubGlobal('BarcodeDetector', Native)
    const detector = await loadQrDetector()
    expect(await detector.detect(new Blob())).toEqual([{ rawValue: 'native' }])
    expect(made).toEqual([{ formats: ['qr_code'] }])
    expect(prepareZXingModule).not.toHaveBeenCalled()
  })

  it('else loads the ponyfill with its ZXing wasm located on our own origin, never a CDN', async () => {
    vi.stubGlobal('BarcodeDetector', undefined)
    const detector = await loadQrDetector()
    expect(await detector.detect(new Blob())).toEqual([{ rawValue: 'from-ponyfill' }])
    expect(prepareZXingModule).toHaveBeenCalledTimes(1)
    const { overrides } = prepareZXingModule.mock.calls[0][0] as { overrides: { locateFile: (path: string, prefix: string) => string } }
    const url = new URL(overrides.locateFile('zxing_reader.wasm', 'https://fastly.jsdelivr.net/npm/zxing-wasm/'))
    expect(url.origin).toBe(window.location.origin)
    expect(url.pathname).toMatch(/zxing_reader.*\.wasm$/)
  })
})

describe('scanFrames', () => {
  it('reports each code once while it stays in front of the camera, and stops when told', async () => {
    vi.useFakeTimers()
    const detect = vi.fn(async () => [{ rawValue: ' T-1 ' }])
    const codes: string[] = []
    const stop = scanFrames({ detect }, document.createElement('video'), (code) => codes.push(code), 100)
    await vi.advanceTimersByTimeAsync(1000)
    expect(codes).toEqual(['T-1'])
    await vi.advanceTimersByTimeAsync(SAME_CODE_MS)
    expect(codes).toEqual(['T-1', 'T-1'])
    stop()
    const calls = detect.mock.calls.length
    await vi.advanceTimersByTimeAsync(1000)
    expect(detect.mock.calls.length).toBe(calls)
  })

  it('skips a frame the detector cannot read', async () => {
    vi.useFakeTimers()
    let ready = false
    const detect = vi.fn(async () => {
      if (!ready) throw new DOMException('Invalid element or state.', 'InvalidStateError')
      return [{ rawValue: 'T-2' }]
    })
    const codes: string[] = []
    const stop = scanFrames({ detect }, document.createElement('video'), (code) => codes.push(code), 100)
    await vi.advanceTimersByTimeAsync(300)
    ready = true
    await vi.advanceTimersByTimeAsync(300)
    expect(codes).toEqual(['T-2'])
    stop()
  })
})
