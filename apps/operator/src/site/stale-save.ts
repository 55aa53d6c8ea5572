import { toast } from 'react-toastify';
import { toApiError, type ApiError } from '@/api/errors';

/**
 * A save refused because someone saved meanwhile (409 SETTINGS_STALE): nothing of this owner's was
 * saved. The console's client keeps an error's code and message, not the envelope's `current`, so
 * the newer state is read again (the same as `current`, or newer still) and handed to `show`; a
 * read that fails is handed to `refuse`. Answers whether `error` was that refusal.
 */
export async function showNewerIfStale<T>(
  error: ApiError,
  on: {
    warning: string;
    readAgain: () => Promise<T>;
    show: (theirs: T) => void;
    refuse: (error: ApiError) => void;
  },
): Promise<boolean> {
  if (error.code !== 'SETTINGS_STALE') return false;
  toast.warn(on.warning);
  try {
    on.show(await on.readAgain());
  } catch (readError) {
    on.refuse(toApiError(readError));
  }
  return true;
}
