import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

/** Every test run gets a scratch folder of its own; tests never touch ./data. */
export default function setup() {
  const dir = resolve(`tests/.tmp/vitest-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  process.env.TEST_TMP_DIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
