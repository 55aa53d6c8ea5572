import { useMutation } from '@tanstack/react-query';
import { call } from '@/shared/http/api';

/** A payment screenshot as a base64 data URL → its id for CreateDeposit. */
export function storeImage(image: string) {
  return call('storeImage', { body: { image } });
}

export function useStoreImage() {
  return useMutation({ mutationFn: storeImage });
}
