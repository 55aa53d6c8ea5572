import { Fragment, type ReactNode } from 'react';
import type { MessageValues } from '@/shared/i18n';

/**
 * A message with elements among its words ("Pay within <time>"): each element's placeholder is
 * given a mark, the translated text is cut at the marks and the elements put back where the
 * translation placed them, since Hindi often turns an English sentence round.
 */
export function withElements(
  message: (values: MessageValues) => string,
  elements: Record<string, ReactNode>,
): ReactNode[] {
  const names = Object.keys(elements);
  const marks = Object.fromEntries(names.map((name, i) => [name, `\uE000${i}\uE001`]));
  return message(marks)
    .split(/\uE000(\d+)\uE001/)
    .map((part, i) =>
      i % 2 === 0 ? part : <Fragment key={i}>{elements[names[Number(part)] ?? '']}</Fragment>,
    );
}
