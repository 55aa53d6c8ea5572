/** See ascii-source.mjs. */
export function asciiSource(text: string): string;
