/**
 * The errors a widget shows, keyed by full field name (`hours.days.Mon[0].open`): conform's
 * `lastResult.error` (whose values may be null) or any map of the same shape.
 */
export type WidgetErrors = Record<string, string[] | null | undefined>;
