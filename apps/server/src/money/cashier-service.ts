import {
  PAYMENT_IMAGE_PATH,
  type CreateDepositInputSchema,
  type CreateWithdrawalInputSchema,
  type V1DepositWithdrawalInputSchema,
  type OperatorRequestItemSchema,
  type PaymentInfo,
  type PaymentMethod,
  type PaymentRequestItem,
  type RequestListInputSchema,
  type RequestStatusName,
} from '@backlay/contract';
import { negPaise, ZERO_PAISE, type Paise } from '@backlay/exchange';
import type { z } from 'zod';
import type { Ledger, MoneyWriter } from '../ledger';
import type { Db, Tx } from '../platform/db/database';
import type { AuthUser } from '../platform/http/auth-user';
import { AppError } from '../platform/http/app-error';
import { formatRupees } from '../platform/money';
import { checkDeposit, guardDeposit } from '../responsible-gaming';
import * as repo from './cashier-repository';
import { decodeImageDataUrl } from './images';

/*
 * The cashier's rules (section C1): manual deposits wait for an operator and move nothing until one
 * approves; a withdrawal is held in the ledger at once and is paid out, cancelled or rejected later.
 * Every decision is one conditional update of the request and its ledger movement in one
 * transaction, so a request is decided once and its money moves once.
 */

/** Who decides when no operator is named: the bootstrap operator key. */
export const OPERATOR_KEY = 'operator-key';

/**
 * An operator's decision: who decides (recorded on the request) and the audit row, written in the
 * decision's own transaction so the two commit together.
 */
export interface OperatorDecision {
  by: string;
  audit?: (tx: Tx, change: { target: string; before: unknown; after: unknown }) => Promise<void>;
}
const KEY_DECISION: OperatorDecision = { by: OPERATOR_KEY };

const STATUS_NUMBER = { PENDING: 1, APPROVED: 2, REJECTED: 3, CANCELLED: 4 } as const;
const STATUS_NAME: Record<repo.RequestStatus, RequestStatusName> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
};
const STATUS_OF_FILTER: (repo.RequestStatus | undefined)[] = [
  undefined,
  'PENDING',
  'APPROVED',
  'REJECTED',
  'CANCELLED',
];
const TYPE_OF_FILTER: (repo.RequestType | undefined)[] = [undefined, 'deposit', 'withdrawal'];

/** What a domain without a cashier offers: nothing, until its operator sets one up. */
const NO_CASHIER: PaymentInfo = {
  methods: [],
  upi: null,
  bank: null,
  minDeposit: ZERO_PAISE,
  maxDeposit: ZERO_PAISE,
  minWithdrawal: ZERO_PAISE,
  maxWithdrawal: ZERO_PAISE,
  gatewayEnabled: false,
};

/**
 * The bonus feature's say on a withdrawal (it implements this; the cashier knows nothing else of
 * bonuses). Cash is always withdrawable: a bonus locks none of it. But a withdrawal while a bonus
 * is active ends the bonus: without `forfeitBonus` it is refused (BONUS_ACTIVE, so the player can be
 * asked), with it the bonus (only) is forfeited. Called inside the withdrawal's transaction, after
 * the wallet is locked, so the forfeit and the hold commit together or not at all.
 */
export interface BonusGuard {
  beforeWithdrawal(money: MoneyWriter, userId: number, opts: { forfeitBonus: boolean }): Promise<void>;
}
/** No bonuses (a cashier built without the bonus feature, e.g. in unit tests). */
export const noBonusGuard: BonusGuard = { beforeWithdrawal: () => Promise.resolve() };

/** All but the last four characters as stars. */
export function maskAccountNumber(value: string): string {
  return value.length <= 4 ? value : `${'*'.repeat(value.length - 4)}${value.slice(-4)}`;
}

/** A UPI id with its name masked but for its first two characters: ra*****@okaxis. */
export function maskUpiId(value: string): string {
  const at = value.lastIndexOf('@');
  if (at < 0) return maskAccountNumber(value);
  const name = value.slice(0, at);
  return `${name.slice(0, 2)}${'*'.repeat(Math.max(name.length - 2, 1))}${value.slice(at)}`;
}

function imageUrl(imageId: number): string {
  return `${PAYMENT_IMAGE_PATH}/${imageId}`;
}

/** The image id in a url StoreImage answered (`/Setting/Image/12`, or absolute); null for anything else. */
function storedImageId(url: string): number | null {
  const match = new RegExp(`^(?:https?://[^/?#]+)?${PAYMENT_IMAGE_PATH}/(\\d{1,15})$`, 'i').exec(url);
  return match ? Number(match[1]) : null;
}

/** A request as its player sees it (the payout account masked). */
export function toPlayerItem(r: repo.PaymentRequestRow): PaymentRequestItem {
  return {
    id: r.id,
    type: r.type === 'deposit' ? 'Deposit' : 'Withdrawal',
    amount: r.amountPaise,
    paymentMethod: r.paymentMethod,
    status: STATUS_NUMBER[r.status],
    statusName: STATUS_NAME[r.status],
    utr: r.type === 'deposit' ? r.utr : r.payoutUtr,
    accountNumber: r.details.accountNumber ? maskAccountNumber(r.details.accountNumber) : null,
    accountHolderName: r.details.accountHolderName ?? null,
    ifscCode: r.details.ifscCode ?? null,
    upiId: r.details.upiId ? maskUpiId(r.details.upiId) : null,
    creationTime: r.createdAt.toISOString(),
    processedTime: r.decidedAt ? r.decidedAt.toISOString() : null,
    reason: r.reason,
  };
}

type OperatorItem = z.output<typeof OperatorRequestItemSchema>;

/**
 * How sure the OCR must be of a value (0 to 1, `extract.ts`'s confidence) to flag a mismatch or to
 * suggest a UTR: a clear slip reads its UTR at 0.8 or more, a phone or account number far lower.
 */
export const OCR_FLAG_CONFIDENCE = 0.6;

/** Letters and digits only, lower case: "BACKLAY DEMO" is "Backlay Demo", a UPI id loses its dots. */
const normalised = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Paise as the OCR writes an amount: rupees with two decimals, no grouping. */
const rupeesText = (amount: Paise) =>
  `${Math.trunc(amount / 100)}.${String(Math.abs(amount % 100)).padStart(2, '0')}`;

/** Whom the domain's players pay: its UPI id and payee name, its bank account and holder. */
type Payees = Set<string>;
function payeesOf(s: repo.CashierSettingsRow | null): Payees {
  const names = [s?.upiVpa, s?.upiPayeeName, s?.bankAccountHolderName, s?.bankAccountNumber];
  return new Set(
    names
      .filter((n): n is string => !!n)
      .map(normalised)
      .filter((n) => n.length > 0),
  );
}

/**
 * The OCR beside the typed values: its candidates, a suggested UTR for a deposit without one, and
 * a flag where it surely read a value (confidence at least OCR_FLAG_CONFIDENCE) that none of its
 * candidates for that field agrees with the typed one (or, for the payee, with the domain's).
 */
function ocrView(r: repo.PaymentRequestRow, payees: Payees) {
  const fields = r.ocrStatus === 'read' ? (r.ocrFields ?? []) : [];
  const of = (field: repo.OcrCandidate['field']) => fields.filter((f) => f.field === field);
  const sure = (field: repo.OcrCandidate['field']) =>
    of(field).filter((f) => f.confidence >= OCR_FLAG_CONFIDENCE);
  const disagrees = (field: repo.OcrCandidate['field'], agrees: (value: string) => boolean) =>
    sure(field).length > 0 && !of(field).some((f) => agrees(f.value));
  const typedUtr = r.utr;
  const deposit = r.type === 'deposit';
  return {
    ocr: r.ocrStatus,
    ocrNote: r.ocrNote,
    ocrFields: r.ocrFields ?? [],
    suggestedUtr: deposit && typedUtr === null ? (sure('utr')[0]?.value ?? null) : null,
    utrMismatch: deposit && typedUtr !== null && disagrees('utr', (v) => v === typedUtr),
    amountMismatch: deposit && disagrees('amount', (v) => v === rupeesText(r.amountPaise)),
    payeeMismatch: deposit && payees.size > 0 && disagrees('payee', (v) => payees.has(normalised(v))),
  };
}

/** A request as the operator sees it: the payout account in full, the screenshot, the player, the OCR. */
function toOperatorItem(r: repo.PaymentRequestRow, userName: string, payees: Payees): OperatorItem {
  return {
    ...toPlayerItem(r),
    userId: r.userId,
    userName,
    accountNumber: r.details.accountNumber ?? null,
    upiId: r.details.upiId ?? null,
    imageId: r.imageId,
    imageUrl: r.imageId !== null ? imageUrl(r.imageId) : null,
    ...ocrView(r, payees),
  };
}

function payoutText(r: { paymentMethod: string; details: repo.PayoutDetails }): string {
  if (r.details.upiId) return `${r.paymentMethod} to ${maskUpiId(r.details.upiId)}`;
  return `${r.paymentMethod} to account ${maskAccountNumber(r.details.accountNumber ?? '')}`;
}

export class CashierService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly bonuses: BonusGuard = noBonusGuard,
    /** Reads a new deposit's screenshot in the background (ocr/deposit-reader.ts); none: left unread. */
    private readonly slips: { read(requestId: number): Promise<void> } | null = null,
  ) {}

  /** The operator's view of a request just decided. */
  private async operatorItem(r: repo.PaymentRequestRow): Promise<OperatorItem> {
    const [userName, settings] = await Promise.all([
      repo.userNameOf(this.db, r.userId),
      repo.findCashierSettings(this.db, r.domainId),
    ]);
    return toOperatorItem(r, userName, payeesOf(settings));
  }

  // ---------------------------------------------------------------- settings

  async paymentInfo(domainId: number): Promise<PaymentInfo> {
    const s = await repo.findCashierSettings(this.db, domainId);
    if (!s) return NO_CASHIER;
    return {
      methods: s.methods.map((m) => ({
        method: m.method as PaymentMethod,
        deposit: m.deposit,
        withdrawal: m.withdrawal,
      })),
      upi: s.upiVpa && s.upiPayeeName ? { vpa: s.upiVpa, payeeName: s.upiPayeeName } : null,
      bank:
        s.bankAccountNumber && s.bankAccountHolderName && s.bankIfscCode
          ? {
              accountHolderName: s.bankAccountHolderName,
              accountNumber: s.bankAccountNumber,
              ifscCode: s.bankIfscCode,
              bankName: s.bankName ?? '',
            }
          : null,
      minDeposit: s.minDepositPaise,
      maxDeposit: s.maxDepositPaise,
      minWithdrawal: s.minWithdrawalPaise,
      maxWithdrawal: s.maxWithdrawalPaise,
      gatewayEnabled: s.gatewayEnabled,
    };
  }

  /** The domain's cashier for one direction: refused when the method is off or the amount outside the limits. */
  private async checkCashier(
    domainId: number,
    direction: 'deposit' | 'withdrawal',
    method: PaymentMethod,
    amount: Paise,
  ): Promise<void> {
    const s = await repo.findCashierSettings(this.db, domainId);
    const offered = s?.methods.find((m) => m.method === method);
    if (!s || !offered?.[direction]) {
      throw new AppError(
        'PAYMENT_METHOD_UNAVAILABLE',
        `${method} is not available for ${direction === 'deposit' ? 'deposits' : 'withdrawals'} on this site.`,
      );
    }
    const [min, max] =
      direction === 'deposit'
        ? [s.minDepositPaise, s.maxDepositPaise]
        : [s.minWithdrawalPaise, s.maxWithdrawalPaise];
    if (amount < min || amount > max) {
      throw new AppError(
        'AMOUNT_OUT_OF_RANGE',
        `${direction === 'deposit' ? 'Deposits' : 'Withdrawals'} on this site are from ${formatRupees(min)} to ${formatRupees(max)}.`,
      );
    }
  }

  private refuseDemo(user: AuthUser): void {
    if (user.isDemo) throw new AppError('DEMO_NOT_ALLOWED');
  }

  // ---------------------------------------------------------------- screenshots

  async storeImage(user: AuthUser, dataUrl: string): Promise<{ imageId: number; url: string }> {
    this.refuseDemo(user);
    const image = decodeImageDataUrl(dataUrl);
    const imageId = await repo.insertImage(this.db, {
      userId: user.userId,
      domainId: user.domainId,
      contentType: image.contentType,
      bytes: image.bytes,
      sha256: image.sha256,
    });
    return { imageId, url: imageUrl(imageId) };
  }

  /** A screenshot for its owner, or for an operator of its domain; else null (as if absent). */
  async image(
    imageId: number,
    viewer: { userId: number } | { operatorOfDomain: number },
  ): Promise<repo.ImageRow | null> {
    const image = await repo.findImage(this.db, imageId);
    if (!image) return null;
    if ('userId' in viewer) return image.userId === viewer.userId ? image : null;
    return image.domainId === viewer.operatorOfDomain ? image : null;
  }

  // ---------------------------------------------------------------- deposits

  async createDeposit(
    user: AuthUser,
    input: z.output<typeof CreateDepositInputSchema>,
  ): Promise<PaymentRequestItem> {
    this.refuseDemo(user);
    await this.checkCashier(user.domainId, 'deposit', input.paymentMethod, input.amount);
    return this.insertDeposit(user, input);
  }

  /** Stores a checked deposit: the screenshot must be the player's own, a UTR unclaimed in the domain. */
  private async insertDeposit(
    user: AuthUser,
    input: { amount: Paise; paymentMethod: PaymentMethod; utr: string | null; imageId: number },
  ): Promise<PaymentRequestItem> {
    if (!(await repo.isOwnImage(this.db, input.imageId, user.userId))) {
      throw new AppError('NOT_FOUND', 'No such payment screenshot of yours: upload it again.');
    }
    const stored = await this.db.transaction(async (tx) => {
      // Responsible gaming: no deposit in a time-out or self-exclusion, none over a deposit limit;
      // judged under the player's lock with the insert, so two deposits at once cannot both fit.
      await guardDeposit(tx, user.userId, input.amount);
      const row = await repo.insertDepositRequest(tx, {
        userId: user.userId,
        domainId: user.domainId,
        amountPaise: input.amount,
        paymentMethod: input.paymentMethod,
        utr: input.utr,
        imageId: input.imageId,
      });
      if (!row) throw new AppError('UTR_ALREADY_USED');
      return row;
    });
    // Read for the operator after the answer: the player never waits for the OCR, nor fails with it.
    if (this.slips) void this.slips.read(stored.id);
    return toPlayerItem(stored);
  }

  /**
   * The V1 client's call (Part A): `type` 1 a deposit, 2 a withdrawal, each under the same rules as
   * CreateDeposit and CreateWithdrawal. A V1 deposit carries its screenshot (a data URL, stored as
   * StoreImage stores it, or the url StoreImage answered) and no UTR: it is stored Pending without
   * one, and the operator who approves it gives the UTR read from the screenshot, which is claimed
   * then (approveDeposit). Every check comes before the screenshot is stored, so a refused request
   * stores nothing.
   */
  async createV1Request(
    user: AuthUser,
    input: z.output<typeof V1DepositWithdrawalInputSchema>,
  ): Promise<PaymentRequestItem> {
    if (input.type === 2) {
      const { type: _type, ...withdrawal } = input;
      return this.createWithdrawal(user, withdrawal);
    }
    this.refuseDemo(user);
    await this.checkCashier(user.domainId, 'deposit', input.paymentMethod, input.amount);
    // Before the screenshot is stored: a deposit responsible gaming refuses stores nothing.
    await checkDeposit(this.db, user.userId, input.amount);
    const stored = storedImageId(input.imageUrl);
    const imageId = stored ?? (await this.storeImage(user, input.imageUrl)).imageId;
    return this.insertDeposit(user, {
      amount: input.amount,
      paymentMethod: input.paymentMethod,
      utr: null,
      imageId,
    });
  }

  // ---------------------------------------------------------------- withdrawals

  async createWithdrawal(
    user: AuthUser,
    input: z.output<typeof CreateWithdrawalInputSchema>,
  ): Promise<PaymentRequestItem> {
    this.refuseDemo(user);
    await this.checkCashier(user.domainId, 'withdrawal', input.paymentMethod, input.amount);
    const details: repo.PayoutDetails = input.upiId
      ? { kind: 'upi', upiId: input.upiId }
      : {
          kind: 'bank',
          accountNumber: input.accountNumber ?? '',
          accountHolderName: input.accountHolderName ?? '',
          ifscCode: input.ifscCode ?? '',
        };
    const row = await this.ledger.transaction(async (money) => {
      // Locked first: a bet or another withdrawal of this player waits, so the check holds to commit.
      const wallet = await money.wallet(user.userId, { forUpdate: true });
      const withdrawable = wallet.balancePaise - wallet.exposurePaise;
      if (input.amount > withdrawable) {
        throw new AppError(
          'INSUFFICIENT_FUNDS',
          `The amount is more than you can withdraw now (${formatRupees(Math.max(withdrawable, 0) as Paise)}).`,
        );
      }
      await this.bonuses.beforeWithdrawal(money, user.userId, { forfeitBonus: input.forfeitBonus === true });
      const request = await repo.insertWithdrawalRequest(money.tx, {
        userId: user.userId,
        domainId: user.domainId,
        amountPaise: input.amount,
        paymentMethod: input.paymentMethod,
        details,
      });
      const { journalId } = await money.hold({
        userId: user.userId,
        amount: input.amount,
        reference: `withdrawal:${request.id}`,
        description: `Withdrawal #${request.id} requested (${payoutText(request)})`,
      });
      await repo.setRequestJournal(money.tx, request.id, journalId);
      return { ...request, journalId };
    });
    return toPlayerItem(row);
  }

  /** The player cancels their own pending withdrawal: the held amount returns to their cash. */
  async cancel(user: AuthUser, id: number): Promise<PaymentRequestItem> {
    const row = await this.ledger.transaction(async (money) => {
      const where = { id, domainId: user.domainId, userId: user.userId };
      const cancelled = await repo.decidePendingRequest(
        money.tx,
        { ...where, type: 'withdrawal' },
        { status: 'CANCELLED', decidedBy: `player:${user.userId}` },
      );
      if (!cancelled) throw await this.whyNotPending(money.tx, where, 'withdrawal');
      await this.release(money, cancelled, `Withdrawal #${cancelled.id} cancelled`);
      return cancelled;
    });
    return toPlayerItem(row);
  }

  private async release(money: MoneyWriter, r: repo.PaymentRequestRow, description: string) {
    await money.releaseHold({
      userId: r.userId,
      amount: r.amountPaise,
      reference: `withdrawal:${r.id}`,
      description,
    });
  }

  /** Why a request could not be decided: absent (404), another type (400), or no longer pending (409). */
  private async whyNotPending(
    tx: Tx,
    where: { id: number; domainId: number; userId?: number },
    type?: repo.RequestType,
  ): Promise<AppError> {
    const found = await repo.findRequest(tx, where);
    if (!found) return new AppError('NOT_FOUND', 'No such request.');
    if (type && found.type !== type) {
      return new AppError(
        'BAD_REQUEST',
        type === 'withdrawal'
          ? 'Only a withdrawal can be cancelled: a deposit waits for the operator.'
          : 'This request is a withdrawal, not a deposit.',
      );
    }
    return new AppError(
      'REQUEST_NOT_PENDING',
      `This request is already ${STATUS_NAME[found.status].toLowerCase()}. Nothing was changed.`,
    );
  }

  // ---------------------------------------------------------------- lists

  async list(
    user: AuthUser,
    q: z.output<typeof RequestListInputSchema>,
  ): Promise<{ totalCount: number; items: PaymentRequestItem[] }> {
    const { total, rows } = await repo.listRequests(this.db, {
      domainId: user.domainId,
      userId: user.userId,
      type: TYPE_OF_FILTER[q.type],
      status: STATUS_OF_FILTER[q.status],
      limit: q.MaxResultCount,
      offset: q.SkipCount,
    });
    return { totalCount: total, items: rows.map(toPlayerItem) };
  }

  // ---------------------------------------------------------------- operators

  async operatorList(
    domainId: number,
    q: { MaxResultCount: number; SkipCount: number; type: number; status: number },
  ): Promise<{ totalCount: number; items: OperatorItem[] }> {
    const { total, rows } = await repo.listRequests(this.db, {
      domainId,
      type: TYPE_OF_FILTER[q.type],
      status: STATUS_OF_FILTER[q.status],
      limit: q.MaxResultCount,
      offset: q.SkipCount,
      oldestFirst: true,
    });
    const payees = payeesOf(await repo.findCashierSettings(this.db, domainId));
    return { totalCount: total, items: rows.map((r) => toOperatorItem(r, r.userName, payees)) };
  }

  /** Credits the player once: one journal from the payments clearing account, idempotent on the request. */
  async approveDeposit(
    domainId: number,
    id: number,
    decision: OperatorDecision = KEY_DECISION,
    /** The UTR the operator read from the screenshot: needed for a deposit that came without one. */
    readUtr?: string,
  ): Promise<OperatorItem> {
    const row = await this.ledger.transaction(async (money) => {
      const approved = await repo.decidePendingRequest(
        money.tx,
        { id, domainId, type: 'deposit' },
        { status: 'APPROVED', decidedBy: decision.by },
      );
      if (!approved) throw await this.whyNotPending(money.tx, { id, domainId }, 'deposit');
      if (approved.utr === null) {
        // A V1 deposit: the payment is known by its UTR from now on, claimed once like a typed one.
        if (!readUtr) {
          throw new AppError(
            'BAD_REQUEST',
            'This deposit came without a UTR: give the 12-digit UTR read from its screenshot (utr).',
          );
        }
        if (!(await repo.claimDepositUtr(money.tx, approved.id, readUtr))) {
          throw new AppError('UTR_ALREADY_USED');
        }
        approved.utr = readUtr;
      } else if (readUtr !== undefined && readUtr !== approved.utr) {
        throw new AppError(
          'BAD_REQUEST',
          `This deposit's UTR is ${approved.utr}, as the player gave it: it is not changed.`,
        );
      }
      const wallet = await money.wallet(approved.userId, { forUpdate: true });
      const reference = `deposit:${approved.id}`;
      const { journalId } = await money.post({
        domainId,
        kind: 'deposit',
        reference,
        description: `Deposit #${approved.id} (${approved.paymentMethod}, UTR ${approved.utr ?? '-'})`,
        lines: [
          { account: wallet.cash, amount: approved.amountPaise },
          {
            account: await money.houseAccount(domainId, 'PAYMENTS_CLEARING'),
            amount: negPaise(approved.amountPaise),
          },
        ],
      });
      await repo.setRequestJournal(money.tx, approved.id, journalId);
      await decision.audit?.(money.tx, {
        target: `payment_request:${approved.id}`,
        before: { status: 'PENDING', type: 'deposit', amount: approved.amountPaise, utr: approved.utr },
        after: { status: 'APPROVED', journalId },
      });
      money.raise({
        type: 'DepositCredited',
        userId: approved.userId,
        domainId,
        amountPaise: approved.amountPaise,
        reference,
      });
      return { ...approved, journalId };
    });
    return this.operatorItem(row);
  }

  /** Pays a withdrawal out: the held amount leaves for the clearing account, with the payout UTR. */
  async approveWithdrawal(
    domainId: number,
    id: number,
    payoutUtr: string,
    decision: OperatorDecision = KEY_DECISION,
  ): Promise<OperatorItem> {
    const row = await this.ledger.transaction(async (money) => {
      const paid = await repo.decidePendingRequest(
        money.tx,
        { id, domainId, type: 'withdrawal' },
        { status: 'APPROVED', payoutUtr, decidedBy: decision.by },
      );
      if (!paid) throw await this.whyNotPending(money.tx, { id, domainId }, 'withdrawal');
      await money.settleHold({
        userId: paid.userId,
        amount: paid.amountPaise,
        to: 'PAYMENTS_CLEARING',
        kind: 'withdrawal',
        reference: `withdrawal:${paid.id}`,
        description: `Withdrawal #${paid.id} paid (${payoutText(paid)}, UTR ${payoutUtr})`,
      });
      await decision.audit?.(money.tx, {
        target: `payment_request:${paid.id}`,
        before: { status: 'PENDING', type: 'withdrawal', amount: paid.amountPaise },
        after: { status: 'APPROVED', payoutUtr },
      });
      return paid;
    });
    return this.operatorItem(row);
  }

  /** Rejects with a reason the player reads; a rejected withdrawal's held amount returns to the player. */
  async reject(
    domainId: number,
    id: number,
    reason: string,
    decision: OperatorDecision = KEY_DECISION,
  ): Promise<OperatorItem> {
    const row = await this.ledger.transaction(async (money) => {
      const rejected = await repo.decidePendingRequest(
        money.tx,
        { id, domainId },
        { status: 'REJECTED', reason, decidedBy: decision.by },
      );
      if (!rejected) throw await this.whyNotPending(money.tx, { id, domainId });
      if (rejected.type === 'withdrawal') {
        await this.release(money, rejected, `Withdrawal #${rejected.id} rejected: ${reason}`);
      }
      await decision.audit?.(money.tx, {
        target: `payment_request:${rejected.id}`,
        before: { status: 'PENDING', type: rejected.type, amount: rejected.amountPaise },
        after: { status: 'REJECTED', reason },
      });
      return rejected;
    });
    return this.operatorItem(row);
  }
}
