import type { ListRow } from '@server/listing/engine';
import type { ListDeps, ListSourceAdapter } from '@server/listing/source';
import { rowsSource } from '@server/listing/sources/rows';
import { EMAIL_TEMPLATE_INFO, EMAIL_TEMPLATE_KINDS, readTemplates } from './templates';

/**
 * The Email Templates list (`/listnm/email`, decision 046): one row per kind of send, its
 * template's subject, or 'Built-in text' when none is stored. Deletes go through the editor.
 */
export const EMAIL_TEMPLATES_SOURCE: ListSourceAdapter = {
  ...rowsSource({
    rows: async (deps: ListDeps): Promise<ListRow[]> => {
      const stored = new Map((await readTemplates(deps)).map(({ kind, record }) => [kind, record]));
      return EMAIL_TEMPLATE_KINDS.map((kind) => {
        const record = stored.get(kind);
        return {
          key: kind,
          item: { title: EMAIL_TEMPLATE_INFO[kind].label, subject: record?.title ?? '', custom: record ? true : false },
        };
      });
    },
    remove: async () => ({ archived: 0, removed: 0 }),
  }),
  rowDetails: async () => (item) => ({
    subtitle: typeof item.subject === 'string' && item.subject ? item.subject : null,
    notes: [{ text: item.custom === true ? 'Template' : 'Built-in text', tone: 'plain' }],
  }),
};
