import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import type { Worker as Thread } from 'node:worker_threads';
import type Tesseract from 'tesseract.js';
import { AppError } from '../../platform/http/app-error';
import type { OcrLine } from './extract';

/*
 * Tesseract (tesseract.js: the engine compiled to WebAssembly) in a small pool of worker threads
 * (by default one per core but one),
 * so a screenshot being read never blocks the event loop: the main thread only hands the bytes over
 * and takes the text back. The English model comes from the @tesseract.js-data/eng package on disk
 * (its LSTM "best_int" model, gzipped), read with no cache and never downloaded.
 *
 * The pool starts on its first job, not with the server, and tesseract.js is loaded then too (16 ms
 * and half a megabyte of heap that an idle server, or one that never reads a screenshot, spares).
 * A job waits in the queue when every worker is busy; past `maxQueued` waiting jobs the pool
 * refuses (503 OCR_BUSY) rather than hold more images in memory. A job that takes longer than `jobTimeoutMs`, or a worker thread that dies,
 * fails its jobs and the pool starts afresh on the next one.
 */

const require = createRequire(import.meta.url);

/** The English model's folder inside @tesseract.js-data/eng (the LSTM-only, integer model). */
export const ENGLISH_DATA_DIR = join(
  dirname(require.resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
);

/** The worker options: the model from the package folder, no cache, nothing fetched. */
export function tesseractWorkerOptions(): Partial<Tesseract.WorkerOptions> {
  return {
    langPath: ENGLISH_DATA_DIR,
    gzip: true, // the package ships eng.traineddata.gz
    cacheMethod: 'none', // neither read nor write a cache: the package is the only source
    legacyCore: false,
    legacyLang: false,
  };
}

/**
 * The default pool: one worker thread per core but one, which is left to the event loop (the main
 * thread answers everyone else while slips are read), and at least one.
 */
export function defaultOcrWorkers(cores: number = availableParallelism()): number {
  return Math.max(1, cores - 1);
}

export interface OcrPage {
  text: string;
  lines: OcrLine[];
}

export interface OcrPoolOptions {
  /** Worker threads (each holds the model, some tens of MB); default `defaultOcrWorkers()`. */
  workers?: number;
  /** Jobs that may wait for a worker before the pool refuses more. */
  maxQueued?: number;
  /** A job running longer than this fails and the pool is restarted. */
  jobTimeoutMs?: number;
  /** Reports a worker failure (the pool restarts on its own). */
  onError?: (err: unknown) => void;
}

interface Generation {
  scheduler: Tesseract.Scheduler;
  /** Rejects when a worker thread dies: every job of this generation fails with it. */
  dead: Promise<never>;
  kill: (err: Error) => void;
  /** Set once it failed: later events from its threads change nothing. */
  retired: boolean;
}

export class OcrPool {
  private readonly workers: number;
  private readonly maxQueued: number;
  private readonly jobTimeoutMs: number;
  private readonly onError: (err: unknown) => void;
  private generation: Promise<Generation> | null = null;
  private pending = 0;
  private closed = false;

  constructor(options: OcrPoolOptions = {}) {
    this.workers = Math.max(1, Math.floor(options.workers ?? defaultOcrWorkers()));
    this.maxQueued = Math.max(0, Math.floor(options.maxQueued ?? 8));
    this.jobTimeoutMs = options.jobTimeoutMs ?? 60_000;
    this.onError = options.onError ?? (() => undefined);
  }

  /** Jobs running or waiting. */
  get load(): number {
    return this.pending;
  }

  /** Whether the worker threads are up (or starting). */
  get started(): boolean {
    return this.generation !== null;
  }

  /** The text of an image (PNG, JPEG or WebP bytes), line by line with the OCR's confidence. */
  async recognize(image: Buffer): Promise<OcrPage> {
    if (this.closed || this.pending >= this.workers + this.maxQueued) throw new AppError('OCR_BUSY');
    this.pending += 1;
    try {
      const generation = await this.start();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('OCR job timed out')), this.jobTimeoutMs);
      });
      try {
        const job = generation.scheduler.addJob('recognize', image, {}, { text: true, blocks: true });
        job.catch(() => undefined); // when the race is lost to a dead worker or the timeout
        const result = await Promise.race([job, generation.dead, timeout]);
        return pageOf(result.data);
      } catch (err) {
        if (err instanceof Error && err.message === 'OCR job timed out') {
          this.restart(generation, err);
          throw new AppError('OCR_BUSY');
        }
        if (err instanceof AppError) throw err;
        // Lost with a worker that died under another job: worth trying again.
        if (generation.retired) throw new AppError('OCR_BUSY');
        // Tesseract could not read the picture (bytes that only begin like an image), or a worker died.
        throw new AppError('IMAGE_INVALID', 'The screenshot could not be read.');
      } finally {
        clearTimeout(timer);
      }
    } finally {
      this.pending -= 1;
    }
  }

  /** Stops the worker threads; a job after this is refused. */
  async close(): Promise<void> {
    this.closed = true;
    const generation = this.generation;
    this.generation = null;
    if (generation) {
      await generation.then(
        (g) => {
          g.retired = true;
          g.kill(new Error('The OCR pool is closed')); // jobs in flight fail now, not never
          return terminate(g);
        },
        () => undefined,
      );
    }
  }

  private start(): Promise<Generation> {
    if (!this.generation) {
      const starting = this.spawn();
      this.generation = starting;
      // A pool that failed to start is tried again on the next job.
      starting.catch((err: unknown) => {
        if (this.generation === starting) this.generation = null;
        this.onError(err);
      });
    }
    return this.generation;
  }

  private async spawn(): Promise<Generation> {
    const tesseract = (await import('tesseract.js')).default;
    const scheduler = tesseract.createScheduler();
    let kill: (err: Error) => void = () => undefined;
    const dead = new Promise<never>((_, reject) => {
      kill = reject;
    });
    dead.catch(() => undefined);
    const generation: Generation = { scheduler, dead, kill, retired: false };
    const workers = await Promise.all(
      Array.from({ length: this.workers }, () =>
        tesseract.createWorker('eng', tesseract.OEM.LSTM_ONLY, {
          ...tesseractWorkerOptions(),
          // A failed job rejects its own promise; without a handler tesseract.js would also throw.
          errorHandler: () => undefined,
        }),
      ),
    );
    for (const worker of workers) {
      const thread = (worker as unknown as { worker: Thread }).worker;
      thread.on('error', (err) => this.restart(generation, err));
      thread.on('exit', (code) => {
        if (!this.closed) this.restart(generation, new Error(`OCR worker exited with ${code}`));
      });
      scheduler.addWorker(worker);
    }
    if (this.closed) {
      await terminate(generation);
      throw new AppError('OCR_BUSY');
    }
    return generation;
  }

  /** Fails this generation's jobs and lets the next job start a new one. */
  private restart(generation: Generation, err: unknown): void {
    if (generation.retired) return;
    generation.retired = true;
    generation.kill(err instanceof Error ? err : new Error(String(err)));
    void this.generation?.then((current) => {
      if (current === generation) this.generation = null;
    });
    this.onError(err);
    void terminate(generation);
  }
}

async function terminate(generation: Generation): Promise<void> {
  try {
    await generation.scheduler.terminate();
  } catch {
    // already gone
  }
}

interface Symbol_ {
  confidence: number;
}
interface Block {
  paragraphs: { lines: { text: string; confidence: number; words: { symbols: Symbol_[] }[] }[] }[];
}

/**
 * The page's lines with the mean confidence of their characters: Tesseract's own line and word
 * confidences drop to 0 for a figure with a ₹ it does not know, though every digit was read surely.
 */
function pageOf(data: { text: string; blocks: Block[] | null }): OcrPage {
  const lines: OcrLine[] = [];
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const symbols = line.words.flatMap((w) => w.symbols);
        const confidence =
          symbols.length > 0
            ? symbols.reduce((sum, s) => sum + s.confidence, 0) / symbols.length
            : line.confidence;
        lines.push({ text: line.text.trim(), confidence });
      }
    }
  }
  return { text: data.text.trim(), lines };
}
