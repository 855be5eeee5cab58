/** Designs drawn the same in the browser and on the server (isomorphic, pure). */
export * from './types';
export * from './fonts';
export * from './draw';
export * from './marketing-asset';
export * from './flyer';
