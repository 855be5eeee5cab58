import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { createJobRuntime } from '@jobs/runtime';
import { createEmbeddedDb } from '@server/db';
import { createOutboxMailer, queueEmail } from '@server/mail';
import { createPaths } from '@server/paths';
import { E2E_DATA_DIR, E2E_REDIS_PREFIX } from '../../playwright.config';

/**
 * An e-mail queued by another process (as a worker or a script would) travels through Redis to
 * the web server's in-process worker, which delivers it to the outbox the page lists.
 */
test('a queued e-mail is delivered once and shown in the outbox', async ({ page }) => {
  const db = createEmbeddedDb({ file: resolve(E2E_DATA_DIR, 'rtdb.sqlite') });
  const paths = createPaths('amc');
  const jobs = createJobRuntime({
    redisUrl: 'redis://127.0.0.1:6379',
    prefix: E2E_REDIS_PREFIX,
    deps: { db, paths, mailer: createOutboxMailer({ db, paths }), log: console },
  });
  const subject = `Welcome to Pine Hollow (${randomUUID().slice(0, 8)})`;
  try {
    const { queued } = await queueEmail(
      { db, paths, jobs },
      { to: 'guest@demo.example', subject, body: '<p>Your site is <strong>ready</strong>.</p>' },
    );
    expect(queued).toBe(true);

    await expect(async () => {
      await page.goto('/dev/outbox');
      await expect(page.getByRole('link', { name: subject })).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 15_000 });

    await expect(page).toHaveTitle('Outbox - App Admin');
    await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: subject })).toContainText('guest@demo.example');
    await expect(page.getByRole('heading', { name: subject, level: 2 })).toHaveCount(1);
  } finally {
    await jobs.close();
    await db.close();
  }
});
