/**
 * The PMS provider port (spec 01 §7.2 `pmsIntegration` with action getInstances): lists the
 * instances (Newbook) or properties (RMS, Staylist, Campspot) a location can be linked to. The
 * chosen one's id becomes the location's `apiPropertyId` (spec 01 §3.5).
 */

export const PMS_SYSTEMS = ['newbook', 'rms', 'staylist', 'campspot'] as const;
export type PmsSystem = (typeof PMS_SYSTEMS)[number];

export interface PmsInstanceQuery {
  pmsSystem: PmsSystem;
  /** Newbook: the region whose instances are listed (required). */
  apiRegion?: string;
  /** RMS: the client's id and password (required). */
  apiClientId?: string;
  apiClientPassword?: string;
  /** Staylist, Campspot: the location's own API key, when the vendor scopes listings by it. */
  apiKey?: string;
}

/** One choice of the instance list: `id` is stored as apiPropertyId, `text` is shown. */
export interface PmsInstance {
  id: string;
  text: string;
}

export interface PmsProvider {
  system: PmsSystem;
  /** True for the offline default: no vendor key is configured, nothing is asked of the vendor. */
  offline: boolean;
  /** Throws `PmsError` when the vendor refuses or cannot be reached. */
  getInstances(query: PmsInstanceQuery): Promise<PmsInstance[]>;
}

export type PmsErrorKind = 'unauthorized' | 'rate-limited' | 'vendor' | 'network' | 'invalid-response';

export class PmsError extends Error {
  constructor(
    readonly system: PmsSystem,
    readonly kind: PmsErrorKind,
    message: string,
    readonly status?: number,
    /** Seconds, from a 429's Retry-After. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'PmsError';
  }
}

export type FetchLike = typeof fetch;
