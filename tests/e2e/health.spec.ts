import { expect, test } from '@playwright/test';

test('the health check reports the database, Redis and the jobs the worker process built', async ({ request }) => {
  // The worker process writes its sentinel once it has built the queues, moments after start.
  await expect(async () => {
    const response = await request.get('/healthcheck');
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('no-store');
    const body = await response.json();
    expect(body).toMatchObject({
      status: 'ok',
      database: { engine: 'embedded', ok: true },
      redis: { ok: true, url: 'redis://127.0.0.1:6379' },
      jobs: { data: 'present' },
      workers: 'process',
    });
  }).toPass({ timeout: 20_000 });
});
