export * from './constants';
export * from './groups';
export * from './client-invocations';
export * from './server-pushes';
