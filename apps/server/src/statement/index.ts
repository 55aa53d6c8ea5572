/* The statement feature's public entry: the plugin the app registers. */
export { statementPlugin } from './plugin';
