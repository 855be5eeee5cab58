/**
 * The job-status page's words (docs/decisions/020), apart from its server glue: the page's
 * component renders them in the browser, where a `*.server.ts` module is an empty stub.
 */
export const JOB_STATUS_TEXTS = {
  gone: 'There is no such job, or it ended long ago.',
  back: 'Back',
} as const;
