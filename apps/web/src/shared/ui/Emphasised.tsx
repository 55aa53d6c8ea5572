import type { ReactNode } from 'react';

/** Stands in for the value while its message is read: no message or name holds it. */
const MARK = '\u0000';

/**
 * A translated message with one value in bold ("Sign in as **ravi**."): the message is read with a
 * mark where the value goes, so each language puts the value where its word order wants it.
 */
export function Emphasised({ message, value }: { message: (value: string) => string; value: ReactNode }) {
  const [before = '', after = ''] = message(MARK).split(MARK);
  return (
    <>
      {before}
      <strong>{value}</strong>
      {after}
    </>
  );
}
