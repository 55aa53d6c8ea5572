import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/**
 * How the server logs. `pretty`: one short readable line per event, for a person at a terminal;
 * `json`: pino's JSON lines, for a log shipper. LOG_FORMAT picks one; without it a terminal gets
 * pretty and anything else (a pipe, a file, a container's log) JSON.
 *
 * Either way it is quiet: a request answered successfully logs nothing at `info` (one `debug` line,
 * LOG_LEVEL=debug shows it), a refused one logs one `info` line with its status and error code, a
 * failed one one `error` line with the error (errors-plugin.ts). The address is logged without its
 * query, which can carry tokens.
 */
export type LogFormat = 'json' | 'pretty';

export function resolveLogFormat(setting: LogFormat | undefined, stdoutIsTty: boolean): LogFormat {
  return setting ?? (stdoutIsTty ? 'pretty' : 'json');
}

/** Where log lines go: pino writes one JSON line per call. */
export interface LogSink {
  write(line: string): unknown;
}

const LEVELS: Record<number, { name: string; color: string }> = {
  10: { name: 'TRACE', color: '\x1b[90m' },
  20: { name: 'DEBUG', color: '\x1b[90m' },
  30: { name: 'INFO', color: '\x1b[36m' },
  40: { name: 'WARN', color: '\x1b[33m' },
  50: { name: 'ERROR', color: '\x1b[31m' },
  60: { name: 'FATAL', color: '\x1b[35m' },
};
const RESET = '\x1b[0m';
const DIM = '\x1b[2m';

/** Keys every line has, or that the message already says. */
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'err']);
const REQUEST_KEYS = new Set(['method', 'path', 'status', 'code']);

function showValue(value: unknown): string {
  const text = typeof value === 'string' && !/[\s"=]/.test(value) ? value : JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

const two = (n: number) => String(n).padStart(2, '0');

/** One pino JSON line as a person reads it: `12:04:05 INFO  message key=value …`, the stack of an error below. */
export function prettyLine(json: string, color = false): string {
  let rec: Record<string, unknown>;
  try {
    rec = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.trimEnd();
  }
  const paint = (code: string, text: string) => (color ? `${code}${text}${RESET}` : text);
  const level = LEVELS[Number(rec.level)] ?? { name: String(rec.level), color: '' };
  const at = new Date(typeof rec.time === 'number' ? rec.time : Date.now());
  const time = `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
  const isRequestLine = typeof rec.method === 'string' && typeof rec.path === 'string';
  const fields = Object.entries(rec)
    .filter(([k, v]) => !HIDDEN.has(k) && !(isRequestLine && REQUEST_KEYS.has(k)) && v !== undefined)
    .map(([k, v]) => paint(DIM, `${k}=`) + showValue(v));
  const err = rec.err as { message?: string; stack?: string; type?: string } | undefined;
  let line = `${paint(DIM, time)} ${paint(level.color, level.name.padEnd(5))} ${String(rec.msg ?? '')}`;
  if (fields.length) line += ` ${fields.join(' ')}`;
  if (err?.message) line += ` ${paint(level.color, `— ${err.message}`)}`;
  if (err?.stack && Number(rec.level) >= 50) {
    const frames = err.stack.split('\n').slice(1, 9);
    if (frames.length) line += `\n${paint(DIM, frames.map((f) => `    ${f.trim()}`).join('\n'))}`;
  }
  return line;
}

/** A sink that writes each JSON line to `out` as a readable line. */
export function prettySink(out: LogSink, color: boolean): LogSink {
  return {
    write(chunk: string) {
      for (const json of chunk.split('\n')) if (json) out.write(`${prettyLine(json, color)}\n`);
    },
  };
}

/** The request's address for a log line: the path alone (a query can carry tokens), at most 200 characters. */
function pathOf(req: FastifyRequest): string {
  const url = req.url;
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  return path.length > 200 ? `${path.slice(0, 199)}…` : path;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The error code the request was refused with, for its one log line (errors-plugin.ts). */
    refusedWith?: string;
    /** The error handler logged this request's failure with its error: no second line. */
    failureLogged?: boolean;
  }
}

/**
 * One line per request at most, written when the answer has gone: Fastify's own "incoming request"
 * and "request completed" pair (two JSON lines for every call) is not written.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(_error: Error | null, req: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    // A failure was logged with its error by the error handler.
    if (req.failureLogged) return;
    const line = {
      method: req.method,
      path: pathOf(req),
      status,
      ...(req.refusedWith ? { code: req.refusedWith } : {}),
      ms: Math.round(reply.elapsedTime),
    };
    const msg = `${line.method} ${line.path} ${status}${req.refusedWith ? ` ${req.refusedWith}` : ''}`;
    // A refusal is the caller's business (a 503 by design too); a 5xx nobody explained is a warning.
    if (req.refusedWith || (status >= 400 && status < 500)) reply.log.info(line, msg);
    else if (status >= 500) reply.log.warn(line, msg);
    else reply.log.debug(line, msg);
  }
}

export interface LoggingOptions {
  level: string;
  format: LogFormat;
  /** Where lines go; process.stdout by default. */
  sink?: LogSink;
  /** Colours in pretty lines (a terminal without NO_COLOR). */
  color?: boolean;
}

/** Fastify's `logger` and `logController` options for these settings. */
export function fastifyLogging(opts: LoggingOptions): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (opts.level === 'silent') return { logger: false };
  const out = opts.sink ?? process.stdout;
  const stream = opts.format === 'pretty' ? prettySink(out, opts.color ?? false) : out;
  return {
    logger: {
      level: opts.level,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      stream,
    },
    logController: new OneLinePerRequest(),
  };
}
