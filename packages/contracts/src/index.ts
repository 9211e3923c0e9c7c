/**
 * @packageDocumentation
 * The Baitcheck contract: zod schemas for every entity, request and response of the API, the
 * error catalogue and the endpoint map. Server and web both import it; nothing else defines a
 * payload shape.
 */
export * from './lite';
export * from './reason-words';
export * from './entities';
export * from './requests';
export * from './billing';
export * from './family';
export * from './help';
export * from './my-data';
export * from './plugins';
export * from './notifications';
export * from './device-scans';
export * from './errors';
export * from './endpoints';
