/**
 * Groups a client may join through GroupBy live in their own namespace, so a client can never
 * put itself into a server-side group such as an audience the server addresses on its own.
 * (Its own file: sports.ts needs it, and the push union imports sports.ts.)
 */
export function pageGroup(groupBy: string | number): string {
  return `page:${String(groupBy)}`;
}
