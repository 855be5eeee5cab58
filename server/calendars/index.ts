export * from './config';
export * from './config-save';
export * from './ics-upload';
export * from './import-runs';
export * from './manage';
export * from './records';
export * from './remote-links';
export * from './remote-page';
