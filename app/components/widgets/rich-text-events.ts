/** The event a rich-text field's hidden input takes to replace the editor's content (detail: the HTML). */
export const SET_HTML_EVENT = 'rich-text-set-html';

/**
 * Puts `value` into the form's field `name` as if typed (the AI writing assistant's Use): a text
 * box or textarea gets the value and its input and change events (so conform and the live
 * preview follow); a rich-text field with its editor loaded is told through its hidden input.
 */
export function setFormText(form: HTMLFormElement, name: string, value: string, html: string = value) {
  const element = form.elements.namedItem(name);
  if (element instanceof HTMLInputElement && element.type === 'hidden' && element.hasAttribute('data-rich-text')) {
    element.dispatchEvent(new CustomEvent(SET_HTML_EVENT, { detail: html }));
    form.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
    const prototype = element instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
    // The native setter, so React's own value tracking sees a change.
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, element.type === 'textarea' ? html : value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
    element.dispatchEvent(new Event('change', { bubbles: true }));
  }
}
