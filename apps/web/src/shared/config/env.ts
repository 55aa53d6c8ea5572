/**
 * Build-time settings, validated once at start-up so a bad value fails loudly. Plain checks
 * rather than a schema library: this runs before anything else and stays on the critical path.
 */
export interface Env {
  /** Default API base when domain settings give none; empty means the page's own origin. */
  VITE_API_BASE_URL: string;
  /** Where the domain-settings JSON lives; empty means the page's own origin. */
  VITE_CDN_BASE_URL: string;
  /** /tv is reachable only on hosts whose name contains this fragment. */
  VITE_TV_HOST_FRAGMENT: string;
  /** The fixed code used to verify automatically on domains that skip verification. */
  VITE_SKIP_VERIFICATION_CODE: string;
  /** Hosts whose theme is forced to blue or to yellow, whatever their settings say. */
  VITE_BLUE_HOSTS: string[];
  VITE_YELLOW_HOSTS: string[];
}

type Raw = Record<string, string | boolean | undefined>;

function text(raw: Raw, name: string, fallback: string): string {
  const value = raw[name];
  if (value === undefined || value === '') return fallback;
  if (typeof value !== 'string') throw new Error(`${name} must be text`);
  return value.trim();
}

function url(raw: Raw, name: string): string {
  const value = text(raw, name, '');
  if (value !== '' && !/^https?:\/\/[^\s]+$/i.test(value)) throw new Error(`${name} must be an http(s) URL`);
  return value;
}

function hosts(raw: Raw, name: string): string[] {
  return text(raw, name, '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

export function parseEnv(raw: Raw): Env {
  const code = text(raw, 'VITE_SKIP_VERIFICATION_CODE', '000000');
  if (!/^\d{6}$/.test(code)) throw new Error('VITE_SKIP_VERIFICATION_CODE must be six digits');
  return {
    VITE_API_BASE_URL: url(raw, 'VITE_API_BASE_URL'),
    VITE_CDN_BASE_URL: url(raw, 'VITE_CDN_BASE_URL'),
    VITE_TV_HOST_FRAGMENT: text(raw, 'VITE_TV_HOST_FRAGMENT', 'livetv'),
    VITE_SKIP_VERIFICATION_CODE: code,
    VITE_BLUE_HOSTS: hosts(raw, 'VITE_BLUE_HOSTS'),
    VITE_YELLOW_HOSTS: hosts(raw, 'VITE_YELLOW_HOSTS'),
  };
}

export const env: Env = parseEnv(import.meta.env as Raw);
