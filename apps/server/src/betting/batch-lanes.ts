/**
 * Jobs written together in batches over a few lanes: a job waits only while every lane is busy
 * with an earlier batch, so a quiet system sends each job alone at once and batches form by
 * themselves under load. `send` answers one result per job, in order; if it fails as a whole,
 * every job of the batch gets null (its caller then takes its slower path on its own).
 */
export class BatchLanes<J, R> {
  private readonly queue: { job: J; resolve: (result: R | null) => void }[] = [];
  private inFlight = 0;

  constructor(
    private readonly send: (batch: J[]) => Promise<(R | undefined)[]>,
    private readonly lanes: number,
    private readonly maxBatch: number,
  ) {}

  write(job: J): Promise<R | null> {
    return new Promise((resolve) => {
      this.queue.push({ job, resolve });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.lanes && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight += 1;
      void this.flush(batch).finally(() => {
        this.inFlight -= 1;
        this.pump();
      });
    }
  }

  private async flush(batch: { job: J; resolve: (result: R | null) => void }[]): Promise<void> {
    let results: (R | undefined)[] = [];
    try {
      results = await this.send(batch.map((b) => b.job));
    } catch {
      // Each job is retried alone by its caller, where a lasting fault surfaces as that job's error.
    }
    batch.forEach((b, i) => b.resolve(results[i] ?? null));
  }
}
