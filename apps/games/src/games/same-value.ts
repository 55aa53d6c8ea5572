/**
 * Structural equality of JSON-like values (a recorded outcome may come back with its keys in any
 * order). Pure, so the verification page's browser bundle shares it with the server's verifyRound.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  const recordA = a as Record<string, unknown>;
  const recordB = b as Record<string, unknown>;
  return keysA.every((k) => Object.hasOwn(recordB, k) && sameValue(recordA[k], recordB[k]));
}
