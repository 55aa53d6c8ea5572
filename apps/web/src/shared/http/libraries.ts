/**
 * The data layer's libraries, loaded (and evaluated) a task before the HTTP client and the
 * contract's schemas (shared/http/api.ts): one long task on a phone becomes two shorter ones.
 */
export { z } from 'zod';
export { default as axios } from 'axios';
