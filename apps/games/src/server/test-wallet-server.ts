// For the process's tests only: the operator's seamless wallet as a real node:http server over the
// in-memory wallet model, judging each provider's signature with that provider's own secret.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROVIDERS, type ProviderId } from '../catalogue/catalogue';
import type { WalletError } from '../wallet/errors';
import { STATUS_OF, WalletModel } from '../wallet/test-wallet-model';
import type { WalletErrorCode } from '../wallet/wire';

export const TEST_SECRETS = Object.fromEntries(
  PROVIDERS.map((p) => [p, `test-secret-${p}-0123456789abcdef`]),
) as Record<ProviderId, string>;

export class TestWalletServer {
  readonly model = new WalletModel();
  /** Every call that passed the signature check: `${provider}/${call}`. */
  readonly calls: string[] = [];
  url = '';
  private server!: Server;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.handle(req, Buffer.concat(chunks), res));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  count(call: string): number {
    return this.calls.filter((c) => c === call).length;
  }

  private handle(req: IncomingMessage, raw: Buffer, res: ServerResponse): void {
    const fail = (status: number, code: string, extra: object = {}) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, result: null, error: { code, message: code, ...extra } }));
    };
    const m = /^\/api\/casino\/wallet\/([a-z]+)\/(balance|bet|win|rollback)$/.exec(req.url ?? '');
    const provider = m?.[1] as ProviderId | undefined;
    const call = m?.[2];
    if (!provider || !call || !Object.hasOwn(TEST_SECRETS, provider)) return fail(404, 'NOT_FOUND');
    const timestamp = req.headers['x-casino-timestamp'];
    const signature = req.headers['x-casino-signature'];
    const hex = typeof signature === 'string' ? /^sha256=([0-9a-f]{64})$/i.exec(signature)?.[1] : undefined;
    if (typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp) || !hex) {
      return fail(401, 'CASINO_SIGNATURE_INVALID');
    }
    const expected = createHmac('sha256', TEST_SECRETS[provider])
      .update(Buffer.concat([Buffer.from(`${timestamp}.`), raw]))
      .digest();
    if (!timingSafeEqual(Buffer.from(hex, 'hex'), expected)) return fail(401, 'CASINO_SIGNATURE_INVALID');
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return fail(401, 'CASINO_SIGNATURE_STALE');
    this.calls.push(`${provider}/${call}`);

    const body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    if ('amount' in body) body.amount = Math.round((body.amount as number) * 100);
    try {
      const result = (this.model as unknown as Record<string, (b: unknown) => Record<string, unknown>>)[
        call
      ]!(call === 'balance' ? body.casinoToken : body);
      const wire = { ...result };
      for (const k of ['balance', 'refunded'] as const) if (k in wire) wire[k] = (wire[k] as number) / 100;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: true, result: wire, error: null }));
    } catch (e) {
      const err = e as WalletError;
      const code = err.code as WalletErrorCode;
      fail(
        STATUS_OF[code],
        code,
        err.balance === undefined ? {} : { balance: err.balance / 100, currency: 'INR' },
      );
    }
  }
}
