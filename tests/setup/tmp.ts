import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** A fresh folder for one test file's database, storage or outbox. */
export function makeTempDir(label: string): string {
  const base = process.env.TEST_TMP_DIR ? resolve(process.env.TEST_TMP_DIR) : tmpdir();
  return mkdtempSync(join(base, `${label}-`));
}
