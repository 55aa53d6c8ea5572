/*
 * The settings feature's public entry: the white-label domains (which domain a request belongs to,
 * its settings), the settings routes and the demo seed.
 */
export { listDomainHosts, type Domain } from './domain-repository';
export { DomainResolver, domainsPlugin, normaliseHost } from './domains-plugin';
export { settingsForRequest, settingsRoutes } from './routes';
export { seedDemoDomains } from './seed';
