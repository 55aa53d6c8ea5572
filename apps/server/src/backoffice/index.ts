/* The operators' console's Dashboard and Players feature: its public entry is the plugin the app registers. */
export { backofficePlugin } from './plugin';
