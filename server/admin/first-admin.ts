import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { IdentityProvider } from '@server/auth/identity/types';
import type { AuthKit } from '@server/auth/login-flow';
import { PASSWORD_RESET_TTL_MS } from '@server/auth/tokens';
import { addCommunity, newCommunityKey } from '@server/community/setup';
import type { RealtimeDb } from '@server/db/types';
import type { Env } from '@server/env';
import type { Paths } from '@server/paths';
import { defaultMainMenu } from '~/lib/catalogues/default-menus';
import { hrefs } from '~/lib/hrefs';
import { COMMUNITY_TYPES, CommunitySchema, isValidTimeZone } from '~/schemas/community';

/**
 * The way into a new deployment (`npm run create-admin`): outside demo mode an empty database
 * has no accounts, no communities and nobody who could add any, and staff need rights in a
 * community to sign in at all (spec 01 §4.2). This makes (or reuses) a community, an account
 * for the e-mail address with a random password nobody knows, and makes it admin (editor, admin,
 * can notify) of that community only. Resort system admin (every community of the deployment)
 * is given only when asked for (`systemAdmin`, the `--system-admin` flag): a second
 * community's first admin must not see the first community. Rights already held are kept;
 * then it answers a single-use link to choose the password (the console's reset page, 1 hour;
 * or the identity provider's own reset page on Firebase Auth). No e-mail is needed.
 */

export const FirstAdminSchema = z.object({
  email: z.string().trim().toLowerCase().email('Give the e-mail address of the first administrator (--email).'),
  displayName: z.string().trim().min(1).max(120).optional(),
  community: z.string().trim().min(1, 'Give the title of the first community (--community).').max(120),
  communityType: z.enum(COMMUNITY_TYPES, { message: `--type must be one of ${COMMUNITY_TYPES.join(', ')}` }).default('resort'),
  timeZone: z.string().trim().refine(isValidTimeZone, '--time-zone must be an IANA time zone such as America/Chicago'),
  /** Also resort system admin: sees and manages every community (`--system-admin`). */
  systemAdmin: z.boolean().default(false),
});
export type FirstAdminInput = z.input<typeof FirstAdminSchema>;

export interface FirstAdminDeps {
  env: Pick<Env, 'PUBLIC_URL'>;
  db: RealtimeDb;
  paths: Paths;
  identity: IdentityProvider;
  auth: Pick<AuthKit, 'tokens'>;
}

export interface FirstAdminResult {
  uid: string;
  email: string;
  /** False when the account existed already (its password is left as it is until the link is used). */
  accountCreated: boolean;
  communityKey: string;
  communityCreated: boolean;
  /** The account was made resort system admin (asked for with systemAdmin). */
  systemAdmin: boolean;
  /** Where to choose the password. */
  passwordLink: string;
  /** How long the link works, when the console made it (null: the identity provider decides). */
  validForMs: number | null;
}

export class FirstAdminError extends Error {
  override name = 'FirstAdminError';
}

/** The rights of the first administrator in the community (resort system admin only when asked for). */
const ADMIN_RIGHTS = { isEditor: true, isAdmin: true, canNotify: true } as const;

export async function createFirstAdmin(deps: FirstAdminDeps, raw: FirstAdminInput, origin: string): Promise<FirstAdminResult> {
  const parsed = FirstAdminSchema.safeParse(raw);
  if (!parsed.success) throw new FirstAdminError(parsed.error.issues.map((issue) => issue.message).join('\n'));
  const input = parsed.data;

  // The community: the one with this title's key, or a new one with its kind's default menu.
  const derived = newCommunityKey(input.community);
  if ('message' in derived) throw new FirstAdminError(derived.message);
  let communityKey = derived.key;
  let communityCreated = false;
  if (!(await deps.db.ref(deps.paths.community(communityKey)).get()).exists()) {
    const form = CommunitySchema.parse({ title: input.community, communityType: input.communityType, timeZone: input.timeZone });
    const mainMenu = defaultMainMenu(input.communityType, { iconSet: 'svg_round' }) as never;
    const added = await addCommunity(
      deps,
      { ...form, iconSet: 'svg_round' },
      { canSetListing: true, businessOnly: false, drawableShown: false, mainMenu },
    );
    if (!added.ok) throw new FirstAdminError(added.message);
    communityKey = added.key;
    communityCreated = true;
  }

  // The account: an existing one keeps its password until the link is used.
  let user = await deps.identity.getUserByEmail(input.email);
  const accountCreated = !user;
  user ??= await deps.identity.createUser({
    email: input.email,
    password: randomBytes(32).toString('base64url'),
    displayName: input.displayName,
  });
  if (user.disabled) throw new FirstAdminError(`The account ${user.email} is disabled.`);

  const authorization = deps.paths.userAuthorization(user.uid);
  const stored = (await deps.db.ref(`${authorization}/editorDefault`).get()).val();
  const rights = { ...ADMIN_RIGHTS, ...(input.systemAdmin ? { isResortSystem: true } : {}) };
  await deps.db.ref(authorization).update({
    // Field by field: rights the account already holds (in this community or others) stay.
    ...Object.fromEntries(Object.entries(rights).map(([flag, value]) => [`communities/${communityKey}/${flag}`, value])),
    ...(typeof stored === 'string' ? {} : { editorDefault: communityKey }),
  });

  let passwordLink: string;
  let validForMs: number | null = null;
  if (deps.identity.generatePasswordResetLink) {
    passwordLink = await deps.identity.generatePasswordResetLink(user.email);
  } else {
    const token = await deps.auth.tokens.issue({ kind: 'password-reset', uid: user.uid, email: user.email, ttlMs: PASSWORD_RESET_TTL_MS });
    passwordLink = `${origin.replace(/\/+$/, '')}${hrefs.login(new URLSearchParams({ mode: 'reset', token }))}`;
    validForMs = PASSWORD_RESET_TTL_MS;
  }
  return {
    uid: user.uid,
    email: user.email,
    accountCreated,
    communityKey,
    communityCreated,
    systemAdmin: input.systemAdmin,
    passwordLink,
    validForMs,
  };
}
