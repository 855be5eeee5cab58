/** The event editor's texts and field names live in app/lib (the server's use cases read them too). */
export * from '~/lib/event-editor';
