// Reading EAN-13 barcodes from the camera's picture. The browser's own BarcodeDetector is used where it reads
// EAN-13 (Chrome on Android, Safari 17+ on macOS/iOS); elsewhere a WebAssembly build of ZXing does, loaded
// only now (this module is part of the scanner's chunk, and the wasm file is fetched from our own origin:
// the CSP allows no other, and a reader's camera use is nobody else's business).
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

export interface BarcodeReader {
  /** The EAN-13 values in view now (usually none or one). */
  read(video: HTMLVideoElement): Promise<string[]>;
}

/** The part of the Barcode Detection API used here; TypeScript's DOM library does not declare it yet. */
interface NativeBarcodeDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface NativeBarcodeDetectorClass {
  new (options: { formats: string[] }): NativeBarcodeDetector;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeReader(): Promise<BarcodeReader | null> {
  const Detector = (globalThis as { BarcodeDetector?: NativeBarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes('ean_13')) return null;
  } catch {
    return null;
  }
  const detector = new Detector({ formats: ['ean_13'] });
  return { read: async (video) => (await detector.detect(video)).map((code) => code.rawValue) };
}

async function wasmReader(): Promise<BarcodeReader> {
  const { prepareZXingModule, readBarcodes } = await import('zxing-wasm/reader');
  // Without this the library would fetch its wasm from a public CDN.
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('This browser cannot read pictures from the camera.');
  return {
    async read(video) {
      const { videoWidth: width, videoHeight: height } = video;
      if (width === 0 || height === 0) return [];
      canvas.width = width;
      canvas.height = height;
      context.drawImage(video, 0, 0, width, height);
      const results = await readBarcodes(context.getImageData(0, 0, width, height), {
        formats: ['EAN13'],
        tryHarder: true,
        maxNumberOfSymbols: 1,
      });
      return results.filter((result) => result.isValid).map((result) => result.text);
    },
  };
}

/** The best reader this browser has. Throws when the WebAssembly reader cannot be loaded (offline). */
export async function createBarcodeReader(): Promise<BarcodeReader> {
  return (await nativeReader()) ?? (await wasmReader());
}
