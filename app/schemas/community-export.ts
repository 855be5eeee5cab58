import { z } from 'zod';
import { COMMUNITY_EXPORT_TEXTS } from '~/lib/community-export';
import { isValidKey } from '~/lib/db-key';

/** The most communities one export takes (a resort system admin's several). */
export const MAX_EXPORT_COMMUNITIES = 500;

/** Resort System Management → Export (decision 044): the communities ticked. */
export const CommunityExportSchema = z.object({
  communities: z
    .array(z.string().max(768).refine(isValidKey, COMMUNITY_EXPORT_TEXTS.notYours), {
      required_error: COMMUNITY_EXPORT_TEXTS.chooseOne,
    })
    .min(1, COMMUNITY_EXPORT_TEXTS.chooseOne)
    .max(MAX_EXPORT_COMMUNITIES, COMMUNITY_EXPORT_TEXTS.tooMany),
  /** Posted by the screen's script: answer with the job's status instead of leading to its page. */
  dialog: z.literal('1').optional(),
});
