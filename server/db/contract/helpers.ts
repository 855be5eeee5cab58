/** Helpers the RealtimeDb contract suites share. */
import { fileURLToPath } from 'node:url';
import type { DataSnapshot, Query } from '../types';

export const WORKER = fileURLToPath(new URL('../contract-worker.ts', import.meta.url));

export function keysOf(snapshot: DataSnapshot): string[] {
  const keys: string[] = [];
  snapshot.forEach((child) => {
    keys.push(child.key!);
  });
  return keys;
}

export async function keysOfQuery(query: Query): Promise<string[]> {
  return keysOf(await query.get());
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** Records every value a listener delivers. */
export function record(query: Query): { values: unknown[]; keys: string[][]; stop: () => void } {
  const values: unknown[] = [];
  const keys: string[][] = [];
  const stop = query.onValue((snapshot) => {
    values.push(snapshot.val());
    keys.push(keysOf(snapshot));
  });
  return { values, keys, stop };
}

/** Long enough for a listener to have heard of a change (covers the embedded engine's polling). */
export const QUIET_MS = 600;
