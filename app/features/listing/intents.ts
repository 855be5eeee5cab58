import { intent, intents } from '~/lib/intent';

/** The intents of the list screens' forms (their route modules export them as `Intent`). */

/** The list's bulk form: Delete Selected (rows ticked one by one, or every matching item). */
export const BulkIntent = intents(intent('delete-selected'));
/** Submit of the add / edit / duplicate form (the only button that posts; Cancel is a link). */
export const EditorIntent = intents(intent('save'));
/** The Delete Item confirmation. */
export const DeleteIntent = intents(intent('delete'));
/** Sort mode: Move up / Move down without JavaScript, a dragged order, Sort Alphabetically and its confirmation. */
export const SortIntent = intents(
  intent('move-up'),
  intent('move-down'),
  intent('reorder'),
  intent('sort-alpha'),
  intent('sort-alpha-confirmed'),
);
