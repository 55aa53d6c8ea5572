// The wallet secrets at start: the environment first, else the server's DATA_DIR/secrets.json,
// waited for while the server has not written it yet.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PROVIDERS } from '../catalogue/catalogue';
import { loadSecrets, secretEnvName } from './secrets';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});
const tempDir = async () => {
  const d = await mkdtemp(join(tmpdir(), 'games-secrets-'));
  dirs.push(d);
  return d;
};
const casino = Object.fromEntries(PROVIDERS.map((p) => [p, `file-${p}`]));

describe('loadSecrets', () => {
  it('takes every secret from the environment without touching DATA_DIR', async () => {
    const env = Object.fromEntries(PROVIDERS.map((p) => [secretEnvName(p), `env-${p}`]));
    const secrets = await loadSecrets({ env, dataDir: '/nonexistent', timeoutMs: 0 });
    expect(secrets.king).toBe('env-king');
    expect(Object.keys(secrets).sort()).toEqual([...PROVIDERS].sort());
  });

  it('waits for the server to write secrets.json, an env secret winning over the file', async () => {
    const dir = await tempDir();
    const lines: string[] = [];
    const loading = loadSecrets({
      env: { CASINO_MAC_SECRET: 'env-mac' },
      baseDir: dir,
      dataDir: './data',
      pollMs: 10,
      log: (l) => lines.push(l),
    });
    await new Promise((r) => setTimeout(r, 50));
    await import('node:fs/promises').then((fs) => fs.mkdir(join(dir, 'data')));
    await writeFile(join(dir, 'data', 'secrets.json'), JSON.stringify({ jwtSecret: 'x', casino }));
    const secrets = await loading;
    expect(secrets).toMatchObject({ international: 'file-international', mac: 'env-mac', udan: 'file-udan' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/waiting up to 60 s for .*data\/secrets\.json/);
  });

  it('gives up with the variables to set', async () => {
    const dir = await tempDir();
    await expect(loadSecrets({ env: {}, dataDir: dir, timeoutMs: 30, pollMs: 10 })).rejects.toThrow(
      /CASINO_INTERNATIONAL_SECRET.*CASINO_UDAN_SECRET/,
    );
  });
});
