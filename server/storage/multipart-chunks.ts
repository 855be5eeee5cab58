/**
 * Remix's multipart parser (@web3-storage/multipart-parser) decides whether a delimiter closes
 * the body by the two bytes right after it ('--'). When the network splits the body between the
 * delimiter and those bytes (or between the two dashes), the parser reads the closing delimiter
 * as the start of another part and fails the whole form with 'unexpected end of stream', though
 * every field has arrived. These chunks never end inside a delimiter or the two bytes after it:
 * each cut is moved before any delimiter it would split.
 */

/** The boundary of a multipart/form-data Content-Type, or null. */
export function multipartBoundary(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const last = haystack.length - needle.length;
  outer: for (let at = Math.max(0, from); at <= last; at += 1) {
    for (let offset = 0; offset < needle.length; offset += 1) if (haystack[at + offset] !== needle[offset]) continue outer;
    return at;
  }
  return -1;
}

export function delimiterSafeChunks(body: ReadableStream<Uint8Array>, boundary: string): ReadableStream<Uint8Array> {
  const delimiter = new TextEncoder().encode(`--${boundary}`);
  // What must stay together: the delimiter and the two bytes after it.
  const span = delimiter.length + 2;
  let pending = new Uint8Array(0);
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const joined = new Uint8Array(pending.length + chunk.length);
        joined.set(pending);
        joined.set(chunk, pending.length);
        // Hold back the last `span` bytes, and a delimiter the cut would split.
        let cut = joined.length - span;
        if (cut <= 0) {
          pending = joined;
          return;
        }
        const straddling = indexOf(joined, delimiter, cut - span + 1);
        if (straddling !== -1 && straddling < cut) cut = straddling;
        if (cut > 0) controller.enqueue(joined.subarray(0, cut));
        pending = joined.slice(cut);
      },
      flush(controller) {
        if (pending.length > 0) controller.enqueue(pending);
      },
    }),
  );
}
