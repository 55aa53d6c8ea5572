/*
 * The money feature's (the cashier's) public entry: the cashier service and its routes, the OCR of
 * payment screenshots, the demo cashier seed, and the seam to the payment gateway.
 */
export { CashierService, noBonusGuard, type BonusGuard } from './cashier-service';
export { cashierOperatorRoutes, cashierRoutes } from './routes';
export { GatewayService } from './gateway-service';
export { gatewayRoutes } from './gateway-routes';
export { paymentProviderFromConfig } from './providers';
export { SandboxProvider, signSandboxNotice } from './sandbox/sandbox-provider';
export { OcrPool, type OcrPoolOptions } from './ocr/ocr-pool';
export { ocrRoutes } from './ocr/routes';
export { DepositSlipReader, type DepositReaderOptions } from './ocr/deposit-reader';
export { seedDemoCashiers } from './seed';
export type {
  NoticeVerdict,
  PaymentOrder,
  PaymentOrderRequest,
  PaymentOrderState,
  PaymentOrderStatus,
  PaymentProvider,
} from './payment-provider';
export { decodeImageDataUrl, type DecodedImage, type ImageType } from './images';
