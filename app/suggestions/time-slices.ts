/**
 * Long work (building a shop's suggestion index, decision 059) done in short
 * slices, so the requests of every other shop go on in between.
 *
 * A worker calls `pause()` between units of work. While the current slice
 * lasts it answers undefined (go on); once the slice is used it answers a
 * promise that resolves in a later turn of the event loop, after the workers
 * already waiting. Every worker of one TimeSlices shares one slice per turn:
 * five builds at once still hold the loop for one slice, not five (each
 * waking from its own setImmediate in the same turn would add up).
 */

export interface TimeSlicesOptions {
  /** The longest a slice runs before giving the event loop back (plus one unit of work). */
  sliceMs: number;
  /** Tests pass their own clock and scheduler. */
  now?: () => number;
  defer?: (run: () => void) => void;
}

/** setImmediate runs after the I/O of the turn (requests, database answers), unlike a resolved promise. */
const nextTurn = (run: () => void) => void setImmediate(run);

export class TimeSlices {
  private readonly sliceMs: number;
  private readonly now: () => number;
  private readonly defer: (run: () => void) => void;
  private sliceStartedAt = Number.NEGATIVE_INFINITY;
  private waiting: Array<() => void> = [];
  private scheduled = false;
  private slicesRun = 0;

  constructor({ sliceMs, now = () => performance.now(), defer = nextTurn }: TimeSlicesOptions) {
    this.sliceMs = sliceMs;
    this.now = now;
    this.defer = defer;
  }

  /** Slices begun so far (a slice is one turn of the event loop given to the work). */
  get slices(): number {
    return this.slicesRun;
  }

  /** undefined: go on in this slice; a promise: wait for a slice of your own. */
  pause(): Promise<void> | undefined {
    if (this.now() - this.sliceStartedAt < this.sliceMs) return undefined;
    return new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.defer(() => {
      this.scheduled = false;
      const next = this.waiting.shift();
      if (!next) return;
      this.sliceStartedAt = this.now();
      this.slicesRun += 1;
      next();
      // The next waiter gets the next turn: I/O runs in between.
      if (this.waiting.length) this.schedule();
    });
  }
}
