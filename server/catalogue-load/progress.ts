// Progress of a load: records a second in the current step, and time left from the compressed bytes still
// to read (the editions file is read twice: matching, then loading) at the current step's pace. The steps
// cost very different amounts a byte (matching only reads; works and editions write), so the pace of the
// whole load so far would promise the end far too early once the quick steps are behind it.
import type { LoadStep } from './checkpoints';

export interface Progress {
  step: LoadStep;
  /** Records written in this step by this run. */
  records: number;
  recordsPerSecond: number;
  /** 0..1 of the whole load. */
  fraction: number;
  /** Seconds left at this run's pace so far; null until there is a pace. */
  secondsLeft: number | null;
}

export class ProgressMeter {
  private doneBytes = 0;
  private fileBytes = 0;
  private step: LoadStep = 'authors';
  private stepRecords = 0;
  private stepStarted = performance.now();
  private lastReport = 0;

  constructor(
    private readonly totalBytes: number,
    private readonly report: ((p: Progress) => void) | undefined,
    private readonly everyMs: number,
  ) {}

  at(step: LoadStep, bytes: number): void {
    if (step !== this.step) {
      this.step = step;
      this.stepRecords = 0;
      this.stepStarted = performance.now();
    }
    this.fileBytes = bytes;
    if (this.report && performance.now() - this.lastReport >= this.everyMs) this.emit();
  }

  records(step: LoadStep, count: number): void {
    if (step === this.step) this.stepRecords += count;
  }

  skipFile(size: number): void {
    this.doneBytes += size;
  }

  fileDone(size: number): void {
    this.doneBytes += size;
    this.fileBytes = 0;
  }

  finish(): void {
    if (this.report) this.emit();
  }

  private emit(): void {
    const now = performance.now();
    this.lastReport = now;
    const done = Math.min(this.totalBytes, this.doneBytes + this.fileBytes);
    const stepElapsed = (now - this.stepStarted) / 1000;
    const pace = stepElapsed > 0 ? this.fileBytes / stepElapsed : 0;
    this.report?.({
      step: this.step,
      records: this.stepRecords,
      recordsPerSecond: this.stepRecords / Math.max(0.001, stepElapsed),
      fraction: this.totalBytes > 0 ? done / this.totalBytes : 1,
      secondsLeft: pace > 0 ? (this.totalBytes - done) / pace : null,
    });
  }
}
