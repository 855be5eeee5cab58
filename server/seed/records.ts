import { z } from 'zod';
import { isValidKey } from '@server/paths';

/**
 * Shapes of the records the demo data defines for other parts of the platform to read:
 * the user-authorization record (spec 01 §3.7, §4.2), the remote access entry (spec 02 §3,
 * spec 03 §3) and the demo login accounts. The seed validates its data against them.
 */

const key = z.string().refine(isValidKey, 'must be a valid database key');

/** One person's rights in one community. A flag that is absent counts as false. */
export const CommunityRightsSchema = z
  .object({
    isEditor: z.boolean(),
    isAdmin: z.boolean(),
    canNotify: z.boolean(),
    /** Resort system admin: set on any community, the person sees every community. */
    isResortSystem: z.boolean(),
  })
  .partial()
  .strict();
export type CommunityRights = z.infer<typeof CommunityRightsSchema>;

/**
 * `user-authorization/users/{uid}`:
 *
 * ```json
 * {
 *   "editorDefault": "demo-campground",
 *   "communities": {
 *     "demo-campground": { "isEditor": true, "isAdmin": true, "canNotify": true, "isResortSystem": false }
 *   }
 * }
 * ```
 *
 * The keys of `communities` are the community keys the person may access; each holds the
 * per-location flags. `editorDefault` is the default location (spec 01 §4.2: the stored key,
 * else editorDefault, else the first authorized location). A person with no rights has no
 * record (an empty `communities` would vanish from the database anyway). Super admins are not
 * stored here: they come from the configured e-mail list (SUPER_ADMIN_EMAILS).
 */
export const UserAuthorizationSchema = z
  .object({
    editorDefault: key.optional(),
    communities: z.record(key, CommunityRightsSchema).optional(),
  })
  .strict();
export type UserAuthorization = z.infer<typeof UserAuthorizationSchema>;

/**
 * A remote access entry, stored twice with the same value:
 * `remote-management/uid/{uid}/{detailId}` and `remote-management/detailId/{detailId}/{uid}`.
 * For e-mail access the uid is the person's account; for URL access it is the link's uuid.
 * `contexts` and `origContext` are listing contexts ('{community}/{section}'). `name` and, for
 * e-mail access, `email` are kept as spec 03 §3 lists them (spec 02 §3 leaves them out; the
 * editor then reads them from the account), and `order` is the entry's place in the editor's
 * sortable list (server/remote/management.ts).
 */
export const RemoteAccessEntrySchema = z
  .object({
    type: z.string().min(1),
    contexts: z.array(z.string().min(1)).min(1).max(100),
    title: z.string().min(1),
    editInfo: z.boolean(),
    addButtons: z.boolean().optional(),
    sendNotifications: z.boolean().optional(),
    accessType: z.enum(['email', 'url']),
    origContext: z.string().min(1),
    detailTitle: z.string().min(1),
    uid: key.optional(),
    name: z.string().optional(),
    email: z.string().email().optional(),
    order: z.number().int().min(0).optional(),
  })
  .strict();
export type RemoteAccessEntry = z.infer<typeof RemoteAccessEntrySchema>;

/** One demo login account of firebase/seed/demo-users.json. */
export const DemoUserSchema = z
  .object({
    uid: key,
    email: z.string().email(),
    displayName: z.string().min(1),
    password: z.string().min(6),
    /** What the account demonstrates (for the README and the login page hint). */
    role: z.string().min(1),
  })
  .strict();
export type DemoUser = z.infer<typeof DemoUserSchema>;
