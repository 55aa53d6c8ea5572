import { INACTIVITY_ANSWER_MS, INACTIVITY_PROMPT_MS } from '@/shared/config/constants';

export interface InactivityOptions {
  promptMs?: number;
  answerMs?: number;
  onPrompt: () => void;
  /** No answer in time: outstanding requests are aborted and the prompt hides. */
  onNoAnswer: () => void;
}

/**
 * Section 4 inactivity: after 9 minutes without a mouse move or key press the prompt shows;
 * 10 seconds without 'Yes' aborts what is pending. Activity while the prompt shows does not
 * count as an answer: only 'Yes' does.
 */
export class InactivityWatcher {
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private answerTimer: ReturnType<typeof setTimeout> | null = null;
  private prompting = false;
  private readonly promptMs: number;
  private readonly answerMs: number;

  constructor(private readonly options: InactivityOptions) {
    this.promptMs = options.promptMs ?? INACTIVITY_PROMPT_MS;
    this.answerMs = options.answerMs ?? INACTIVITY_ANSWER_MS;
  }

  get isPrompting(): boolean {
    return this.prompting;
  }

  start(): void {
    this.clear();
    this.idleTimer = setTimeout(() => this.prompt(), this.promptMs);
  }

  /** A mouse move or key press. */
  activity(): void {
    if (!this.prompting) this.start();
  }

  /** 'Yes': clear and restart the timer. */
  confirm(): void {
    this.prompting = false;
    this.start();
  }

  stop(): void {
    this.clear();
    this.prompting = false;
  }

  private prompt(): void {
    this.prompting = true;
    this.options.onPrompt();
    this.answerTimer = setTimeout(() => {
      this.prompting = false;
      this.options.onNoAnswer();
      this.start();
    }, this.answerMs);
  }

  private clear(): void {
    if (this.idleTimer != null) clearTimeout(this.idleTimer);
    if (this.answerTimer != null) clearTimeout(this.answerTimer);
    this.idleTimer = null;
    this.answerTimer = null;
  }
}
