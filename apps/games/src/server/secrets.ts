// Each provider's wallet secret: CASINO_<PROVIDER>_SECRET, or else the `casino` map of the
// server's DATA_DIR/secrets.json (outside production the server generates it at its start, so we
// wait for it when a secret is missing).
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PROVIDERS, type ProviderId } from '../catalogue/catalogue';

export interface SecretsOptions {
  readonly env: NodeJS.ProcessEnv;
  /** DATA_DIR, `./data` by default, relative to the working directory as the server reads it. */
  readonly dataDir?: string;
  /** What a relative DATA_DIR is relative to: the working directory by default. */
  readonly baseDir?: string;
  readonly timeoutMs?: number;
  readonly pollMs?: number;
  readonly log?: (line: string) => void;
  readonly signal?: AbortSignal;
}

export const secretEnvName = (p: ProviderId) => `CASINO_${p.toUpperCase()}_SECRET`;

async function fromFile(file: string): Promise<Partial<Record<ProviderId, string>> | undefined> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as { casino?: Record<string, unknown> };
    const casino = parsed.casino ?? {};
    return Object.fromEntries(
      PROVIDERS.filter((p) => typeof casino[p] === 'string' && casino[p] !== '').map((p) => [
        p,
        casino[p] as string,
      ]),
    );
  } catch {
    // Not written yet, or being written: read again on the next poll.
    return undefined;
  }
}

export async function loadSecrets(options: SecretsOptions): Promise<Record<ProviderId, string>> {
  const fromEnv = Object.fromEntries(
    PROVIDERS.filter((p) => options.env[secretEnvName(p)]).map((p) => [p, options.env[secretEnvName(p)]!]),
  ) as Partial<Record<ProviderId, string>>;
  const missing = () => PROVIDERS.filter((p) => !fromEnv[p]);
  if (missing().length === 0) return fromEnv as Record<ProviderId, string>;

  const file = join(
    resolve(options.baseDir ?? process.cwd(), options.dataDir ?? options.env.DATA_DIR ?? './data'),
    'secrets.json',
  );
  const timeoutMs = options.timeoutMs ?? 60_000;
  const pollMs = options.pollMs ?? 500;
  const started = Date.now();
  let told = false;
  for (;;) {
    const saved = await fromFile(file);
    const secrets = { ...saved, ...fromEnv };
    if (PROVIDERS.every((p) => secrets[p])) return secrets as Record<ProviderId, string>;
    if (Date.now() - started >= timeoutMs) {
      throw new Error(
        `no wallet secret for ${missing().join(', ')}: set ${missing().map(secretEnvName).join(', ')} or start the server (it writes ${file})`,
      );
    }
    if (!told) {
      options.log?.(
        `waiting up to ${Math.round(timeoutMs / 1000)} s for ${file} (the server writes the casino secrets at its start; or set ${missing().map(secretEnvName).join(', ')})`,
      );
      told = true;
    }
    if (options.signal?.aborted) throw options.signal.reason as Error;
    await new Promise((r) => setTimeout(r, pollMs));
  }
}
