// The lines of a batch one thread answers (batch-workers.ts): queued as they come, answered a few
// at a time in arrival order, their JSON handed back in that order in small groups.

/** One answered line: its number, its JSON, and whether it is an error line. */
export type AnsweredLine = [lineNo: number, json: string, error: boolean];

/** Lines answered at a time (as runBatch: one waits for the search index while the next is planned). */
const WIDTH = 8;
/** Answers handed back together at most. */
const GROUP = 32;

export class LineQueue {
  private queue: [number, string][] = [];
  private next = 0;
  private running = false;

  constructor(
    private readonly answer: (text: string, lineNo: number) => Promise<{ json: string; error: boolean }>,
    private readonly answered: (lines: AnsweredLine[]) => void,
    private readonly failed: (e: Error) => void,
    /** Called when the queue has run dry. */
    private readonly idle: () => void = () => undefined,
  ) {}

  push(lines: [number, string][]): void {
    for (const line of lines) this.queue.push(line);
    if (!this.running) this.run().catch(this.failed);
  }

  get busy(): boolean {
    return this.running;
  }

  private async run(): Promise<void> {
    this.running = true;
    const inFlight: Promise<AnsweredLine>[] = [];
    let out: AnsweredLine[] = [];
    try {
      while (this.next < this.queue.length || inFlight.length) {
        while (this.next < this.queue.length && inFlight.length < WIDTH) {
          const [lineNo, text] = this.queue[this.next++];
          inFlight.push(this.answer(text, lineNo).then((a): AnsweredLine => [lineNo, a.json, a.error]));
        }
        out.push(await inFlight.shift()!);
        if (out.length >= GROUP || this.next >= this.queue.length) {
          this.answered(out);
          out = [];
        }
      }
    } finally {
      this.queue = [];
      this.next = 0;
      this.running = false;
    }
    this.idle();
  }
}
