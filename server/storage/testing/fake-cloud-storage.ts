import { createHash, generateKeyPairSync, randomUUID } from 'node:crypto';
import { http, HttpResponse, type RequestHandler } from 'msw';

/**
 * An in-memory Cloud Storage for tests, answering the JSON API requests firebase-admin's
 * Storage client (@google-cloud/storage) makes, through msw: the OAuth token exchange of a
 * service-account credential, object metadata (GET/PATCH/DELETE), media downloads with
 * ranges and `x-goog-hash`, listings with prefix/delimiter/pagination, and uploads both as
 * `uploadType=multipart` and as resumable sessions. Hashes (MD5 and CRC32C) are real, because
 * the client validates them after uploads and downloads.
 *
 * Shapes follow https://cloud.google.com/storage/docs/json_api/v1/objects.
 */

const API = 'https://storage.googleapis.com';

export interface FakeObject {
  bucket: string;
  name: string;
  data: Uint8Array;
  contentType?: string;
  cacheControl?: string;
  metadata: Record<string, string>;
  generation: number;
  metageneration: number;
  timeCreated: string;
  updated: string;
}

export interface RecordedRequest {
  method: string;
  url: URL;
  /** Object metadata sent with an upload or a patch. */
  body?: Record<string, unknown>;
}

interface ResumableSession {
  bucket: string;
  name: string;
  /** The session's precondition, checked again when the last chunk comes. */
  ifGenerationMatch: string | null;
  resource: Record<string, unknown>;
  contentType?: string;
  chunks: Uint8Array[];
  received: number;
}

export class FakeCloudStorage {
  readonly objects = new Map<string, FakeObject>();
  readonly requests: RecordedRequest[] = [];
  private sessions = new Map<string, ResumableSession>();
  private nextGeneration = 1_700_000_000_000_000;

  /** Stores an object directly, as if another client had uploaded it. */
  seed(
    bucket: string,
    name: string,
    data: Uint8Array | string,
    options: { contentType?: string; metadata?: Record<string, string>; cacheControl?: string } = {},
  ): FakeObject {
    const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
    return this.write(bucket, name, bytes, {
      ...(options.contentType ? { contentType: options.contentType } : {}),
      ...(options.cacheControl ? { cacheControl: options.cacheControl } : {}),
      ...(options.metadata ? { metadata: options.metadata } : {}),
    });
  }

  object(bucket: string, name: string): FakeObject | undefined {
    return this.objects.get(key(bucket, name));
  }

  reset() {
    this.objects.clear();
    this.requests.length = 0;
    this.sessions.clear();
  }

  handlers(): RequestHandler[] {
    const token = () => HttpResponse.json({ access_token: 'fake-access-token', expires_in: 3600, token_type: 'Bearer' });
    return [
      http.post('https://www.googleapis.com/oauth2/v4/token', token),
      http.post('https://oauth2.googleapis.com/token', token),
      http.all(`${API}/*`, async ({ request }) => {
        if (request.headers.get('authorization') !== 'Bearer fake-access-token') {
          return apiError(401, 'Anonymous caller does not have storage.objects.get access.');
        }
        return this.route(request);
      }),
    ];
  }

  private async route(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const parts = url.pathname.split('/').slice(1).map(decodeURIComponent);
    const recorded: RecordedRequest = { method: request.method, url };
    this.requests.push(recorded);

    // /upload/storage/v1/b/{bucket}/o
    if (parts[0] === 'upload' && parts[1] === 'storage' && parts[3] === 'b' && parts[5] === 'o' && parts.length === 6) {
      const bucket = parts[4]!; // six parts
      const uploadType = url.searchParams.get('uploadType');
      const uploadId = url.searchParams.get('upload_id');
      if (request.method === 'PUT' && uploadId) return this.resumableChunk(request, uploadId);
      if (request.method === 'POST' && uploadType === 'multipart') return this.multipartUpload(request, bucket, url, recorded);
      if (request.method === 'POST' && uploadType === 'resumable') return this.startResumable(request, bucket, url, recorded);
      return apiError(400, `Unsupported upload ${request.method} ${uploadType}`);
    }

    // /storage/v1/b/{bucket}/o/{object}/rewriteTo/b/{bucket}/o/{object}: a server-side copy
    if (parts[0] === 'storage' && parts[2] === 'b' && parts[4] === 'o' && parts[6] === 'rewriteTo' && parts.length === 11) {
      if (request.method !== 'POST') return apiError(400, `Unsupported rewrite ${request.method}`);
      return this.rewrite(parts[3]!, parts[5]!, parts[8]!, parts[10]!, url, recorded, request);
    }

    // /storage/v1/b/{bucket}/o[/{object}]
    if (parts[0] === 'storage' && parts[2] === 'b' && parts[4] === 'o') {
      const bucket = parts[3]!; // parts[4] exists
      if (parts.length === 5 && request.method === 'GET') return this.list(bucket, url);
      if (parts.length === 6) {
        const name = parts[5]!;
        const object = this.objects.get(key(bucket, name));
        if (!object) return apiError(404, `No such object: ${bucket}/${name}`);
        const generation = url.searchParams.get('generation');
        if (generation !== null && Number(generation) !== object.generation) return apiError(404, `No such object: ${bucket}/${name}`);
        switch (request.method) {
          case 'GET':
            return url.searchParams.get('alt') === 'media' ? media(object, request) : HttpResponse.json(resource(object));
          case 'PATCH':
            return this.patch(object, request, url, recorded);
          case 'DELETE':
            this.objects.delete(key(bucket, name));
            return new HttpResponse(null, { status: 204 });
        }
      }
    }
    return apiError(400, `The fake does not handle ${request.method} ${url.pathname}`);
  }

  private write(
    bucket: string,
    name: string,
    data: Uint8Array,
    fields: { contentType?: string; cacheControl?: string; metadata?: Record<string, string> },
  ): FakeObject {
    const now = new Date().toISOString();
    const object: FakeObject = {
      bucket,
      name,
      data,
      ...(fields.contentType ? { contentType: fields.contentType } : {}),
      ...(fields.cacheControl ? { cacheControl: fields.cacheControl } : {}),
      metadata: { ...(fields.metadata ?? {}) },
      generation: this.nextGeneration++,
      metageneration: 1,
      timeCreated: now, // a new generation is a new object
      updated: now,
    };
    this.objects.set(key(bucket, name), object);
    return object;
  }

  /** An upload's `ifGenerationMatch` (0: only when no object is there) does not hold. */
  private preconditionFails(bucket: string, name: string, ifGenerationMatch: string | null): boolean {
    return ifGenerationMatch !== null && Number(ifGenerationMatch) !== (this.objects.get(key(bucket, name))?.generation ?? 0);
  }

  private create(
    bucket: string,
    name: string,
    data: Uint8Array,
    fields: Record<string, unknown>,
    fallbackType?: string,
    ifGenerationMatch: string | null = null,
  ) {
    if (this.preconditionFails(bucket, name, ifGenerationMatch))
      return apiError(412, 'At least one of the pre-conditions you specified did not hold.');
    const object = this.write(bucket, name, data, {
      contentType: stringOr(fields.contentType, fallbackType),
      cacheControl: stringOr(fields.cacheControl),
      metadata: stringRecord(fields.metadata),
    });
    return HttpResponse.json(resource(object));
  }

  private async multipartUpload(request: Request, bucket: string, url: URL, recorded: RecordedRequest) {
    const boundary = /boundary=("?)([^";]+)\1/.exec(request.headers.get('content-type') ?? '')?.[2];
    if (!boundary) return apiError(400, 'Missing multipart boundary');
    const body = Buffer.from(await request.arrayBuffer());
    const delimiter = Buffer.from(`--${boundary}`);
    const first = body.indexOf(delimiter);
    const metaHeadersEnd = body.indexOf('\r\n\r\n', first);
    const second = body.indexOf(Buffer.from(`\r\n--${boundary}\r\n`), metaHeadersEnd);
    const mediaHeadersEnd = body.indexOf('\r\n\r\n', second + 2);
    const closing = body.lastIndexOf(Buffer.from(`\r\n--${boundary}--`));
    if (first < 0 || metaHeadersEnd < 0 || second < 0 || mediaHeadersEnd < 0 || closing < mediaHeadersEnd) {
      return apiError(400, 'Malformed multipart upload');
    }
    const resource = JSON.parse(body.subarray(metaHeadersEnd + 4, second).toString('utf8')) as Record<string, unknown>;
    const mediaHeaders = body.subarray(second, mediaHeadersEnd).toString('utf8');
    const mediaType = /content-type:\s*([^\r\n]+)/i.exec(mediaHeaders)?.[1];
    const data = new Uint8Array(body.subarray(mediaHeadersEnd + 4, closing));
    recorded.body = resource;
    const name = url.searchParams.get('name') ?? stringOr(resource.name);
    if (!name) return apiError(400, 'Missing object name');
    return this.create(bucket, name, data, resource, mediaType, url.searchParams.get('ifGenerationMatch'));
  }

  private async startResumable(request: Request, bucket: string, url: URL, recorded: RecordedRequest) {
    const text = await request.text();
    const resource = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    recorded.body = resource;
    const name = url.searchParams.get('name') ?? stringOr(resource.name);
    if (!name) return apiError(400, 'Missing object name');
    const ifGenerationMatch = url.searchParams.get('ifGenerationMatch');
    if (this.preconditionFails(bucket, name, ifGenerationMatch))
      return apiError(412, 'At least one of the pre-conditions you specified did not hold.');
    const id = randomUUID();
    this.sessions.set(id, {
      bucket,
      name,
      ifGenerationMatch,
      resource,
      contentType: request.headers.get('x-upload-content-type') ?? undefined,
      chunks: [],
      received: 0,
    });
    const location = `${API}/upload/storage/v1/b/${encodeURIComponent(bucket)}/o?uploadType=resumable&name=${encodeURIComponent(name)}&upload_id=${id}`;
    return new HttpResponse(null, { status: 200, headers: { Location: location } });
  }

  private async resumableChunk(request: Request, id: string) {
    const session = this.sessions.get(id);
    if (!session) return apiError(404, 'No such upload session');
    const range = request.headers.get('content-range') ?? '';
    const chunk = new Uint8Array(await request.arrayBuffer());
    session.chunks.push(chunk);
    session.received += chunk.byteLength;
    // `bytes N-*/…`: the rest of the upload is this request. `bytes a-b/total`: final when b+1 = total.
    const match = /^bytes (\d+|\*)-?(\d+|\*)?\/(\d+|\*)$/.exec(range);
    const end = match?.[2];
    const total = match?.[3];
    const final = end === '*' || (total !== undefined && total !== '*' && Number(total) === session.received);
    if (!final) {
      return new HttpResponse(null, { status: 308, headers: session.received > 0 ? { Range: `bytes=0-${session.received - 1}` } : {} });
    }
    this.sessions.delete(id);
    const data = new Uint8Array(Buffer.concat(session.chunks));
    return this.create(session.bucket, session.name, data, session.resource, session.contentType, session.ifGenerationMatch);
  }

  private async patch(object: FakeObject, request: Request, url: URL, recorded: RecordedRequest) {
    const expected = url.searchParams.get('ifMetagenerationMatch');
    if (expected !== null && Number(expected) !== object.metageneration) {
      return apiError(412, 'At least one of the pre-conditions you specified did not hold.');
    }
    const changes = (await request.json()) as Record<string, unknown>;
    recorded.body = changes;
    if ('contentType' in changes) setOrDelete(object, 'contentType', changes.contentType);
    if ('cacheControl' in changes) setOrDelete(object, 'cacheControl', changes.cacheControl);
    if (changes.metadata === null) object.metadata = {};
    else if (changes.metadata && typeof changes.metadata === 'object') {
      for (const [name, value] of Object.entries(changes.metadata as Record<string, unknown>)) {
        if (value === null) delete object.metadata[name];
        else object.metadata[name] = String(value);
      }
    }
    object.metageneration++;
    object.updated = new Date().toISOString();
    return HttpResponse.json(resource(object));
  }

  private async rewrite(
    bucket: string,
    name: string,
    destBucket: string,
    destName: string,
    url: URL,
    recorded: RecordedRequest,
    request: Request,
  ) {
    const source = this.objects.get(key(bucket, name));
    const generation = url.searchParams.get('sourceGeneration');
    if (!source || (generation !== null && Number(generation) !== source.generation))
      return apiError(404, `No such object: ${bucket}/${name}`);
    const ifGenerationMatch = url.searchParams.get('ifGenerationMatch');
    const existing = this.objects.get(key(destBucket, destName));
    if (ifGenerationMatch !== null && Number(ifGenerationMatch) !== (existing?.generation ?? 0)) {
      return apiError(412, 'At least one of the pre-conditions you specified did not hold.');
    }
    const text = await request.text();
    recorded.body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const copy = this.write(destBucket, destName, source.data.slice(), {
      ...(source.contentType ? { contentType: source.contentType } : {}),
      ...(source.cacheControl ? { cacheControl: source.cacheControl } : {}),
      metadata: source.metadata,
    });
    const size = String(copy.data.byteLength);
    return HttpResponse.json({
      kind: 'storage#rewriteResponse',
      totalBytesRewritten: size,
      objectSize: size,
      done: true,
      resource: resource(copy),
    });
  }

  /** Sets an object's times, as if it had been stored at `updated`. */
  age(bucket: string, name: string, updated: Date) {
    const object = this.objects.get(key(bucket, name));
    if (object) object.updated = object.timeCreated = updated.toISOString();
  }

  private list(bucket: string, url: URL) {
    const prefix = url.searchParams.get('prefix') ?? '';
    const delimiter = url.searchParams.get('delimiter');
    const maxResults = Number(url.searchParams.get('maxResults') ?? 1000);
    const offset = Number(url.searchParams.get('pageToken') ?? 0);
    const names = [...this.objects.values()]
      .filter((object) => object.bucket === bucket && object.name.startsWith(prefix))
      .sort((a, b) => Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)));
    const results: Array<{ prefix: string } | { object: FakeObject }> = [];
    const seen = new Set<string>();
    for (const object of names) {
      const rest = object.name.slice(prefix.length);
      const cut = delimiter ? rest.indexOf(delimiter) : -1;
      if (cut >= 0) {
        const sub = prefix + rest.slice(0, cut + delimiter!.length);
        if (!seen.has(sub)) {
          seen.add(sub);
          results.push({ prefix: sub });
        }
      } else {
        results.push({ object });
      }
    }
    const page = results.slice(offset, offset + maxResults);
    const items = page.flatMap((result) => ('object' in result ? [resource(result.object)] : []));
    const prefixes = page.flatMap((result) => ('prefix' in result ? [result.prefix] : []));
    return HttpResponse.json({
      kind: 'storage#objects',
      ...(items.length ? { items } : {}),
      ...(prefixes.length ? { prefixes } : {}),
      ...(offset + maxResults < results.length ? { nextPageToken: String(offset + maxResults) } : {}),
    });
  }
}

/** A firebase-admin service-account credential with a freshly made key (the fake accepts any). */
export function fakeServiceAccount(projectId = 'demo-console') {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { projectId, clientEmail: `console@${projectId}.iam.gserviceaccount.com`, privateKey };
}

function key(bucket: string, name: string) {
  return `${bucket}\u0000${name}`;
}

function resource(object: FakeObject) {
  const encodedName = encodeURIComponent(object.name);
  return {
    kind: 'storage#object',
    id: `${object.bucket}/${object.name}/${object.generation}`,
    selfLink: `${API}/storage/v1/b/${object.bucket}/o/${encodedName}`,
    mediaLink: `${API}/download/storage/v1/b/${object.bucket}/o/${encodedName}?generation=${object.generation}&alt=media`,
    name: object.name,
    bucket: object.bucket,
    generation: String(object.generation),
    metageneration: String(object.metageneration),
    ...(object.contentType ? { contentType: object.contentType } : {}),
    ...(object.cacheControl ? { cacheControl: object.cacheControl } : {}),
    storageClass: 'STANDARD',
    size: String(object.data.byteLength),
    md5Hash: md5(object.data),
    crc32c: crc32cBase64(object.data),
    etag: Buffer.from(`${object.generation}/${object.metageneration}`).toString('base64'),
    timeCreated: object.timeCreated,
    updated: object.updated,
    ...(Object.keys(object.metadata).length ? { metadata: { ...object.metadata } } : {}),
  };
}

function media(object: FakeObject, request: Request) {
  const headers: Record<string, string> = {
    'Content-Type': object.contentType ?? 'application/octet-stream',
    'x-goog-generation': String(object.generation),
    'x-goog-metageneration': String(object.metageneration),
    'x-goog-stored-content-encoding': 'identity',
    'x-goog-stored-content-length': String(object.data.byteLength),
    'x-goog-hash': `crc32c=${crc32cBase64(object.data)},md5=${md5(object.data)}`,
  };
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get('range') ?? '');
  if (range) {
    const size = object.data.byteLength;
    const start = range[1] === '' ? Math.max(0, size - Number(range[2])) : Number(range[1]);
    const end = range[1] === '' || range[2] === '' ? size - 1 : Math.min(Number(range[2]), size - 1);
    if (start > end || start >= size) return new HttpResponse(null, { status: 416, headers: { 'Content-Range': `bytes */${size}` } });
    const slice = object.data.slice(start, end + 1);
    return new HttpResponse(slice, {
      status: 206,
      headers: { ...headers, 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': String(slice.byteLength) },
    });
  }
  return new HttpResponse(object.data.slice(), { status: 200, headers: { ...headers, 'Content-Length': String(object.data.byteLength) } });
}

function apiError(code: number, message: string) {
  const reason = code === 404 ? 'notFound' : code === 412 ? 'conditionNotMet' : code === 401 ? 'required' : 'invalid';
  return HttpResponse.json({ error: { code, message, errors: [{ message, domain: 'global', reason }] } }, { status: code });
}

function stringOr(value: unknown, fallback?: string): string | undefined {
  return typeof value === 'string' && value !== '' ? value : fallback;
}

function stringRecord(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => (v === null || v === undefined ? [] : [[k, String(v)]])),
  );
}

function setOrDelete(object: FakeObject, field: 'contentType' | 'cacheControl', value: unknown) {
  if (typeof value === 'string' && value !== '') object[field] = value;
  else delete object[field];
}

function md5(data: Uint8Array) {
  return createHash('md5').update(data).digest('base64');
}

const CRC32C_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC32C (Castagnoli) as Cloud Storage reports it: the big-endian value in base64. */
export function crc32cBase64(data: Uint8Array) {
  let crc = 0xffffffff;
  // In range: i < data.length, and a byte indexes the 256-entry table.
  for (let i = 0; i < data.length; i++) crc = CRC32C_TABLE[(crc ^ data[i]!) & 0xff]! ^ (crc >>> 8);
  const value = (crc ^ 0xffffffff) >>> 0;
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes.toString('base64');
}
