/** Requests as the server puts them on the wire (money in rupees). */
export function minutesAgo(minutes: number): string {
  return new Date(Date.now() - minutes * 60_000).toISOString();
}

const base = {
  status: 1,
  statusName: 'Pending',
  accountNumber: null,
  accountHolderName: null,
  ifscCode: null,
  upiId: null,
  processedTime: null,
  reason: null,
  imageId: null,
  imageUrl: null,
  ocr: null,
  ocrNote: null,
  ocrFields: [],
  suggestedUtr: null,
  utrMismatch: false,
  amountMismatch: false,
  payeeMismatch: false,
};

export function depositRequest(overrides: Record<string, unknown> = {}) {
  return {
    ...base,
    id: 12,
    type: 'Deposit',
    amount: 2500,
    paymentMethod: 'Upi',
    utr: '412345678901',
    creationTime: minutesAgo(12),
    userId: 7,
    userName: 'player_one',
    imageId: 3,
    imageUrl: '/Setting/Image/3',
    ocr: 'read',
    ocrFields: [
      { field: 'amount', value: '2000.00', confidence: 0.91 },
      { field: 'utr', value: '412345678901', confidence: 0.93 },
      { field: 'payee', value: 'backlay.demo@okaxis', confidence: 0.8 },
    ],
    amountMismatch: true,
    ...overrides,
  };
}

export function withdrawalRequest(overrides: Record<string, unknown> = {}) {
  return {
    ...base,
    id: 13,
    type: 'Withdrawal',
    amount: 1000.5,
    paymentMethod: 'Imps',
    utr: null,
    creationTime: minutesAgo(125),
    userId: 8,
    userName: 'player_two',
    accountNumber: '123456789012',
    accountHolderName: 'Asha Rao',
    ifscCode: 'HDFC0001234',
    ...overrides,
  };
}

export const cashierSettings = {
  configured: true,
  methods: [{ method: 'Upi', deposit: true, withdrawal: true }],
  upi: { vpa: 'backlay.demo@okaxis', payeeName: 'Backlay Demo' },
  bank: null,
  minDeposit: 100,
  maxDeposit: 100000,
  minWithdrawal: 200,
  maxWithdrawal: 50000,
  gatewayEnabled: false,
  updatedAt: null,
};

export function decided(request: Record<string, unknown>, changes: Record<string, unknown>) {
  return {
    ...request,
    status: 2,
    statusName: 'Approved',
    processedTime: new Date().toISOString(),
    ...changes,
  };
}
