/** A catalog compiled at build (scripts/lingui-catalogs.ts). */
declare module '*.json?lingui' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}
