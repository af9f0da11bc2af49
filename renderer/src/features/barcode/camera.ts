// Opening the camera for the scanner: the rear camera where there is one (a phone's front camera cannot
// focus on a barcode held near it), and each way it can fail named, so the dialog can say what to do.
export type CameraFailure = 'unsupported' | 'no-camera' | 'refused' | 'busy';

export class CameraError extends Error {
  constructor(readonly failure: CameraFailure) {
    super(`Camera unavailable: ${failure}`);
  }
}

function failureOf(error: unknown): CameraFailure {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'no-camera';
  return 'busy';
}

export async function openRearCamera(): Promise<MediaStream> {
  // Missing outside a secure context (a plain-http LAN address) and in browsers without cameras.
  if (!navigator.mediaDevices?.getUserMedia) throw new CameraError('unsupported');
  try {
    return await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
    });
  } catch (error) {
    throw new CameraError(failureOf(error));
  }
}

export function stopCamera(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}
