import { randomInt } from 'node:crypto';

/**
 * Firebase's chronological push ids: 8 characters of millisecond timestamp followed by 12 random
 * characters, in an alphabet whose ASCII order is its value order, so ids sort by creation time.
 * Within one millisecond the random part of the previous id is incremented, so ids made in the
 * same millisecond by this process still sort in creation order.
 */

const ALPHABET = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
const TIME_CHARS = 8;
const RANDOM_CHARS = 12;
const PUSH_ID = /^[-0-9A-Z_a-z]{20}$/;

let lastTime = -1;
const lastRandom: number[] = new Array(RANDOM_CHARS).fill(0);

export function generatePushId(now: number = Date.now()): string {
  if (!Number.isInteger(now) || now < 0 || now >= 64 ** TIME_CHARS) {
    throw new Error(`generatePushId: ${now} is not a millisecond timestamp`);
  }
  let time = now;
  if (time === lastTime) {
    let i = RANDOM_CHARS - 1;
    for (; i >= 0 && lastRandom[i] === 63; i--) lastRandom[i] = 0;
    // All 72 random bits were exhausted within one millisecond: carry into the timestamp.
    if (i < 0) time += 1;
    else lastRandom[i] = lastRandom[i]! + 1; // 0 <= i < RANDOM_CHARS, the array's length
  } else {
    for (let i = 0; i < RANDOM_CHARS; i++) lastRandom[i] = randomInt(64);
  }
  lastTime = time;

  let id = '';
  for (let i = 0, t = time; i < TIME_CHARS; i++, t = Math.floor(t / 64)) id = ALPHABET.charAt(t % 64) + id;
  for (const digit of lastRandom) id += ALPHABET.charAt(digit);
  return id;
}

/** The creation time (ms since the epoch) encoded in a push id. */
export function pushIdTime(id: string): number {
  if (!PUSH_ID.test(id)) throw new Error(`pushIdTime: "${id}" is not a push id`);
  let time = 0;
  for (let i = 0; i < TIME_CHARS; i++) time = time * 64 + ALPHABET.indexOf(id.charAt(i));
  return time;
}
