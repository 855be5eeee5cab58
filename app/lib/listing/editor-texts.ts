/** The list screens' words (spec 02 §8 where it has them), shared by the server and the forms. */

/** The hidden field holding a new item's key (fixed when the form opens: a double Submit saves once). */
export const ITEM_KEY_FIELD = 'itemKey';
export const SAVED = 'Saved.';
/** Spec 02 §8 "Delete Item". */
export const DELETE_ITEM_TITLE = 'Delete Item';
export const DELETE_ITEM_TEXT = 'Are you certain you want to delete?';
/** Spec 02 §8 "Sort Alphabetically". */
export const SORT_ALPHA_TITLE = 'Sort Alphabetically';
export const SORT_ALPHA_TEXT = 'Are you positive you want to sort this listing in alphabetical order?';
/** Spec 02 §8, the confirmation of Delete Selected. */
export const DELETE_SELECTED_TEXT = 'Are you certain you want to delete all selected items?';
export const GONE_MESSAGE = 'That item no longer exists: someone may have deleted it.';
/** An add or duplicate whose key another item has (another form, another person): nothing was written. */
export const keyTakenMessage = (itemName: string) =>
  `Another ${itemName} already has this item's key, so nothing was saved. What you typed is still in the form: submit it again to add it as a new ${itemName}.`;
