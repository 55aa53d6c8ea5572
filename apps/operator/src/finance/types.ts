import type { CashierSettings, OcrField, RouteResult } from '@backlay/contract';

/** A request as the operator's queue answers it (money in paise). */
export type QueueItem = RouteResult<'adminPaymentRequests'>['items'][number];
export type { CashierSettings, OcrField };
