/**
 * What the sign-in routes (/login, /auth/google, /auth/google/callback) use of the server, in
 * one server-only module so none of it can reach the browser bundle.
 */
export * from './sign-in';
export * from './password-reset';
export { googleCredentials } from './authenticator';
export { readSession, sessionUser } from './session';
export { projectForRequest } from '../projects';
export { clientAddressOf } from '../http/load-context';
