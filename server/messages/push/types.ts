/**
 * The push port: how a notification reaches the app's users. One topic per community and user
 * group (the system-wide area has its own, group 'all'), or one user's device tokens. Every
 * send carries an idempotency key: the same key sent twice is one notification wherever the
 * adapter can promise it (docs/decisions/012).
 */

export type PushDestination =
  /** Everyone subscribed to the topic (see topicFor). */
  | { kind: 'topic'; topic: string }
  /** One user's devices. */
  | { kind: 'tokens'; uid: string; tokens: string[] };

export interface PushContent {
  title: string;
  body: string;
  /** Key/value pairs the app reads (the message's key, its community, its link). */
  data: Record<string, string>;
}

export interface PushRequest {
  destination: PushDestination;
  content: PushContent;
  /** Stable for one delivery of one message: a retry sends the same key. */
  idempotencyKey: string;
}

export interface PushResult {
  transport: PushPort['transport'];
  /** The adapter's id of what it sent (FCM message id, outbox record id). */
  id: string;
  /** Devices or topics that accepted it. */
  delivered: number;
  /** Tokens the service refused (personal sends). */
  failed: number;
  /** True when the adapter knew the key and did not send again. */
  duplicate: boolean;
}

export class PushDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PushDeliveryError';
  }
}

export interface PushPort {
  readonly transport: 'fcm' | 'outbox';
  /** Sends one notification; throws PushDeliveryError (or any error) when it did not go out. */
  send(request: PushRequest): Promise<PushResult>;
}

/** FCM topic names allow letters, digits and -_.~%. */
function topicPart(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The topic of a community's user group (`{community}__{group}`), or of the system-wide area
 * (`system__{group}`, group 'all' by default). An empty group is 'all'.
 */
export function topicFor(scope: { area: 'community'; community: string } | { area: 'system' }, userGroup: string | undefined): string {
  const group = userGroup && userGroup.trim() !== '' ? userGroup.trim() : 'all';
  const owner = scope.area === 'system' ? 'system' : scope.community;
  return `${topicPart(owner)}__${topicPart(group)}`;
}

/**
 * The favorites topic of a listing (`{community}__detail__{detailId}`): a listing's own
 * notification (a remote manager's, with the listing as its action and no user group) goes to
 * the app users who favorited it.
 */
export function detailTopicFor(community: string, detailId: string): string {
  return `${topicPart(community)}__detail__${topicPart(detailId)}`;
}

/** The topic of a stored community or system-wide message: its listing's favorites, else its user group's. */
export function messageTopic(
  scope: { area: 'community'; community: string } | { area: 'system' },
  record: { userGroup?: unknown; actionKey?: unknown; actionCommunityKey?: unknown },
): string {
  const userGroup = typeof record.userGroup === 'string' ? record.userGroup.slice(0, 200) : '';
  const listing =
    scope.area === 'community' &&
    userGroup.trim() === '' &&
    typeof record.actionKey === 'string' &&
    record.actionKey !== '' &&
    record.actionCommunityKey === scope.community;
  return listing ? detailTopicFor(scope.community, record.actionKey as string) : topicFor(scope, userGroup);
}
