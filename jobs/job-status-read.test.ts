import type { Job, JobState, Queue } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { readJobStatus } from './job-status';

/**
 * A job that ends while its status is being read. BullMQ moves a job to completed and writes
 * its result in one script; the status is read in two calls (state, then the job's hash), and a
 * job must never be reported ended without its result: the page stops following an ended job,
 * so a result missing then would stay missing (a calendar import read as 'Nothing was imported').
 */

type JobQueue = Pick<Queue, 'getJob' | 'getJobState'>;

interface Stored {
  state: JobState;
  progress: { percent: number; message: string };
  returnvalue: unknown;
}

const RUNNING: Stored = { state: 'active', progress: { percent: 0, message: '0 of 1 imports' }, returnvalue: null };
const ENDED: Stored = { state: 'completed', progress: { percent: 100, message: '1 of 1 imports' }, returnvalue: { calendars: [] } };

/** A queue holding one job that runs until its first read, and has ended (result written) by the next. */
function endingOnFirstRead(): JobQueue {
  let stored = RUNNING;
  const read = <T>(value: (job: Stored) => T) => {
    const seen = value(stored);
    stored = ENDED;
    return Promise.resolve(seen);
  };
  return {
    getJobState: () => read((job) => job.state),
    getJob: () =>
      read(
        (job) =>
          ({
            progress: job.progress,
            attemptsMade: job.state === 'completed' ? 1 : 0,
            failedReason: '',
            returnvalue: job.returnvalue,
            data: { product: 'amc', community: 'pine', calendarId: 'activities' },
          }) as unknown as Job,
      ),
  };
}

describe('reading a job that ends meanwhile', () => {
  it('never reports it ended without its result', async () => {
    const status = await readJobStatus(endingOnFirstRead(), 'calendar-import', 'calendar-import--pine--activities');
    // Read as running (the next read finds it ended, with its result), never as done with nothing.
    expect(status).toMatchObject({ state: 'active', community: 'pine' });
  });

  it('reads an ended job with its result and progress', async () => {
    const queue: JobQueue = {
      getJobState: () => Promise.resolve(ENDED.state),
      getJob: () =>
        Promise.resolve({
          progress: ENDED.progress,
          attemptsMade: 1,
          failedReason: '',
          returnvalue: ENDED.returnvalue,
          data: {},
        } as unknown as Job),
    };
    expect(await readJobStatus(queue, 'calendar-import', 'x')).toMatchObject({
      state: 'completed',
      progress: 100,
      progressMessage: '1 of 1 imports',
      returnvalue: { calendars: [] },
      community: null,
    });
  });

  it('answers null for a job the queue does not hold', async () => {
    const queue: JobQueue = { getJobState: () => Promise.resolve('unknown'), getJob: () => Promise.resolve(undefined) };
    expect(await readJobStatus(queue, 'calendar-import', 'gone')).toBeNull();
  });
});
