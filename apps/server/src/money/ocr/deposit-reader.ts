import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import * as repo from '../cashier-repository';
import { detectImageType } from '../images';
import { extractSlipFields } from './extract';
import { imageSize, readableSize } from './image-size';
import type { OcrPage } from './ocr-pool';

/*
 * A deposit's screenshot read by the OCR in the background, for the finance operator's queue: the
 * player's CreateDeposit is answered once the request is stored, and the screenshot is read after,
 * one at a time (the pool stays free for players' own uploads). What was read is stored with the
 * request: 'read' with the candidates, or 'unreadable' (the OCR failed on the picture, or found no
 * UTR, amount nor payee in it). A busy pool is no failure: the request stays 'pending' with a note,
 * and is tried again a little later, at most `maxAttempts` times in this run; whatever is left
 * pending (a busy pool, a restart) is read by the sweep the next start runs.
 */

export interface SlipRecognizer {
  recognize(image: Buffer): Promise<OcrPage>;
}

export interface DepositReaderOptions {
  /** The first retry after a busy pool; each next one waits as long again. */
  retryDelayMs?: number;
  /** Tries in this run before it is left for the next start's sweep. */
  maxAttempts?: number;
  /** The sweep's page. */
  sweepBatch?: number;
}

export interface SweepResult {
  /** Requests the sweep took up (each read, unreadable, or left pending with a note). */
  taken: number;
}

export class DepositSlipReader {
  private readonly retryDelayMs: number;
  private readonly maxAttempts: number;
  private readonly sweepBatch: number;
  private chain: Promise<void> = Promise.resolve();
  private readonly queued = new Map<number, Promise<void>>();
  private readonly retries = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly ocr: SlipRecognizer,
    private readonly log: FastifyBaseLogger,
    options: DepositReaderOptions = {},
  ) {
    this.retryDelayMs = options.retryDelayMs ?? 30_000;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.sweepBatch = options.sweepBatch ?? 20;
  }

  /**
   * Queues a deposit's screenshot to be read and returns at once (the caller never waits for the
   * OCR); the promise settles when it was tried, and never rejects.
   */
  read(requestId: number): Promise<void> {
    const queued = this.queued.get(requestId);
    if (queued) return queued;
    if (this.closed) return Promise.resolve();
    const job = this.chain.then(() => this.readOne(requestId));
    this.chain = job;
    this.queued.set(requestId, job);
    void job.finally(() => this.queued.delete(requestId));
    return job;
  }

  /**
   * Reads every pending deposit whose screenshot is unread, oldest first, page by page; stops
   * between two when `stopped` says so (the server is closing): what is left is read next start.
   */
  async sweep(stopped: () => boolean = () => false): Promise<SweepResult> {
    let afterId = 0;
    let taken = 0;
    while (!stopped() && !this.closed) {
      const ids = await repo.unreadDepositIds(this.db, afterId, this.sweepBatch);
      if (ids.length === 0) break;
      for (const id of ids) {
        if (stopped() || this.closed) break;
        await this.read(id);
        taken += 1;
        afterId = id;
      }
    }
    return { taken };
  }

  /**
   * Stops reading: no retry is scheduled any more, and the job under way is waited for (close the
   * pool meanwhile, and it ends at once, left pending for the next start).
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.retries) clearTimeout(timer);
    this.retries.clear();
    await this.chain;
  }

  private async readOne(requestId: number): Promise<void> {
    if (this.closed) return;
    try {
      const slip = await repo.findUnreadDepositSlip(this.db, requestId);
      if (!slip) return; // read already (another server, an earlier try), or no screenshot
      const type = detectImageType(slip.bytes);
      if (!type || !readableSize(imageSize(slip.bytes, type))) {
        await this.unreadable(requestId, 'The screenshot is no picture the OCR can read.');
        return;
      }
      let page: OcrPage;
      try {
        page = await this.ocr.recognize(slip.bytes);
      } catch (err) {
        if (err instanceof AppError && err.code === 'IMAGE_INVALID') {
          await this.unreadable(requestId, 'The OCR could not read the screenshot.');
          return;
        }
        await this.busy(requestId, slip.attempts + 1, err);
        return;
      }
      const fields = extractSlipFields(page.lines);
      const found = fields.some((f) => f.field === 'utr' || f.field === 'amount' || f.field === 'payee');
      await repo.recordOcr(this.db, requestId, {
        status: found ? 'read' : 'unreadable',
        fields,
        note: found ? null : 'The OCR found no UTR, amount or payee in the screenshot.',
      });
    } catch (err) {
      // A database fault: logged; the request stays pending for the next start's sweep.
      if (!this.closed) this.log.error({ err, requestId }, 'reading a deposit screenshot failed');
    }
  }

  private async unreadable(requestId: number, note: string): Promise<void> {
    await repo.recordOcr(this.db, requestId, { status: 'unreadable', fields: [], note });
  }

  /** The pool was busy (or closing, or a worker died): tried again later, or left to the next start. */
  private async busy(requestId: number, attempts: number, err: unknown): Promise<void> {
    if (this.closed) return;
    if (!(err instanceof AppError && err.code === 'OCR_BUSY')) {
      this.log.warn({ err, requestId }, 'the OCR failed on a deposit screenshot; it is tried again');
    }
    const later = attempts < this.maxAttempts;
    const counted = await repo.recordOcrAttempt(
      this.db,
      requestId,
      later
        ? 'The OCR was busy: the screenshot is read again in a moment.'
        : `The OCR was busy ${attempts} times: the screenshot is read when the server next starts.`,
    );
    if (counted === 0 || !later || this.closed) return;
    const timer = setTimeout(() => {
      this.retries.delete(timer);
      void this.read(requestId);
    }, this.retryDelayMs * attempts);
    timer.unref();
    this.retries.add(timer);
  }
}
