/** The Email Templates screens' texts (decision 046). Isomorphic. */
export const TEXTS = {
  intro:
    'The e-mails the console sends. Each uses its template when one is saved, and its built-in text otherwise. Placeholders such as {{name}} are filled in when the e-mail is sent.',
  saved: 'The e-mail template has been saved.',
  deleted: 'The e-mail template has been deleted. This e-mail uses its built-in text again.',
  deleteTitle: 'Delete Email Template',
  deleteText: 'This e-mail will use its built-in text again. This cannot be undone.',
  gone: 'This e-mail template no longer exists. It may have been deleted by someone else.',
  taken: 'A template for this e-mail was saved meanwhile; open it from the list to change it.',
};
