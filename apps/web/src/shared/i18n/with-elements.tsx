import { Fragment, type ReactNode } from 'react';

const MARK = '\u0001';

/**
 * A translated sentence with elements in it (a name in bold): each element's placeholder gets a
 * marker, and the sentence is cut at the markers, so the words may stand around the element in
 * whatever order the language needs.
 */
export function withElements<K extends string>(
  translate: (marks: Record<K, string>) => string,
  elements: Record<K, ReactNode>,
): ReactNode {
  const names = Object.keys(elements) as K[];
  const marks = Object.fromEntries(names.map((name, i) => [name, `${MARK}${i}${MARK}`])) as Record<K, string>;
  // Cut at the markers: the odd parts are the markers' indexes.
  return translate(marks)
    .split(MARK)
    .map((part, i) => <Fragment key={i}>{i % 2 === 1 ? elements[names[Number(part)] as K] : part}</Fragment>);
}
