/**
 * The data layer's libraries, loaded (and so evaluated: their chunk `data-libs` runs as a whole) a
 * task before the HTTP client and the contract's schemas (shared/http/api.ts): one long task on a
 * phone becomes two shorter ones. One name from each keeps the import.
 */
export { ZodError } from 'zod';
export { AxiosError } from 'axios';
