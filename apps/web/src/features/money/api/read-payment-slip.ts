import type { OcrField, OcrFieldName } from '@backlay/contract';
import { call } from '@/shared/http/api';

/** The screenshot read by the server's OCR: UTR, amount, date and payee candidates, best first. */
export function readPaymentSlip(image: string) {
  return call('ocrPaymentSlip', { body: { image } });
}

/** The best candidate for a field, if the OCR is at least fairly sure of it. */
export function bestRead(fields: readonly OcrField[], field: OcrFieldName, minConfidence = 0.5) {
  return fields
    .filter((f) => f.field === field && f.confidence >= minConfidence)
    .sort((a, b) => b.confidence - a.confidence)[0];
}
