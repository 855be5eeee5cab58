/** The dollars amount rules live in app/lib (the forms' schema uses them too). */
export * from '~/lib/dollars';
