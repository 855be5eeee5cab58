import { deflateSync } from 'node:zlib';

/**
 * Hostile inputs for the pool's tests and `npm run bench:hostile`, made on the spot (tiny files
 * that cost minutes or gigabytes when read naively):
 *
 * - a PDF whose page nests `q … Q` `depth` times (100,000: about 1 KB; pdfjs's work grows with
 *   the square of the depth: minutes on the event loop);
 * - a PNG that says `width` x `height` (20000x20000: 400 megapixels, 1.6 GB once decoded) in a
 *   few hundred kilobytes (1-bit grey, all black);
 * - an iCalendar feed of series whose rules never match: `FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30`
 *   (rrule would iterate every second of the year looking for 30 February; the import's rule
 *   checks refuse it at once, server/events/import/rule-bounds.ts) and, what no check can name,
 *   `FREQ=MONTHLY;BYWEEKNO=1;BYMONTH=6` (week 1 is never in June: rrule walks the months of a few
 *   centuries for each such series, tens of milliseconds apiece, so a few hundred of them in one
 *   feed take tens of seconds). The pool's time limit is what bounds the second kind.
 */

/** A one-page PDF whose content nests the graphics state `depth` times around a square. */
export function nestedPdf(depth = 100_000): Uint8Array<ArrayBuffer> {
  const content = deflateSync(Buffer.from(`${'q '.repeat(depth)}0 0 10 10 re f ${'Q '.repeat(depth)}`), { level: 9 });
  const objects = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>'),
    Buffer.concat([Buffer.from(`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`), content, Buffer.from('\nendstream')]),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  for (const [index, body] of objects.entries()) {
    offsets.push(length);
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(object);
    length += object.length;
  }
  const table = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${table}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
    ),
  );
  return new Uint8Array(Buffer.concat(parts));
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, tail]);
}

/** A valid PNG of `width` x `height` black pixels (1-bit grey), small whatever its size. */
export function hugePng(width = 20_000, height = 20_000): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8);
  // Each row: filter byte 0, then width bits of zeros.
  const raw = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw, { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/** A feed of `events` VEVENTs whose rule makes rrule search every second of the year. */
export function secondlyFeed(events = 1, walking = 400): string {
  const series = (index: number, rule: string) =>
    [
      'BEGIN:VEVENT',
      `UID:never-${index}@hostile.example`,
      'DTSTAMP:20260101T000000Z',
      'DTSTART:20260101T000000Z',
      `RRULE:${rule}`,
      'SUMMARY:Never',
      'END:VEVENT',
    ].join('\r\n');
  const vevents = [
    ...Array.from({ length: events }, (_, index) => series(index, 'FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30')),
    ...Array.from({ length: walking }, (_, index) => series(events + index, 'FREQ=MONTHLY;BYWEEKNO=1;BYMONTH=6')),
  ];
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Hostile//EN', ...vevents, 'END:VCALENDAR', ''].join('\r\n');
}
