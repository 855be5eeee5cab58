/** The listing engine (server side of the listing framework): see ./engine.ts. */
export * from './engine';
export { fieldValue, htmlText, listPredicate } from './filters';
