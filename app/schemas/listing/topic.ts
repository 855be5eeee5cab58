import { z } from 'zod';
import { TITLE_REQUIRED, checkbox, optionalText, requiredText } from './shared';

/**
 * Message topics (spec 02 §3 "Message topics config": entries of type 'user-group' or
 * 'category', title; a category also has isGiveaway and defaultScannable; spec 03 §9 topic
 * defaults: userSelectable true, default true, isGiveaway false, defaultScannable false). The
 * defaults are the editors' form values; the record's `type` is set when it is stored.
 */

export const TOPIC_TYPES = ['category', 'user-group'] as const;
export type TopicType = (typeof TOPIC_TYPES)[number];

const topic = {
  title: requiredText(TITLE_REQUIRED, 100),
  description: optionalText(500),
  userSelectable: checkbox(),
  default: checkbox(),
};

export const UserGroupSchema = z.object(topic);

export const CategorySchema = z.object({
  ...topic,
  isGiveaway: checkbox(),
  defaultScannable: checkbox(),
});

export type UserGroupForm = z.input<typeof UserGroupSchema>;
export type CategoryForm = z.input<typeof CategorySchema>;
