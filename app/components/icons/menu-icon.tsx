import { renderMenuIcon, type RenderMenuIconOptions } from '~/lib/icons/render';

export interface MenuIconProps extends Omit<RenderMenuIconOptions, 'title'> {
  /** The accessible name (the menu item's title or the icon name). */
  title: string;
  className?: string;
}

/**
 * A menu icon drawn the way the app draws it: the glyph on the icon set's shape in the
 * community's colours. The svg is built and sanitized by renderMenuIcon, so it is safe to
 * inline; the wrapper carries the accessible name.
 */
export function MenuIcon({ title, className, size = 48, ...options }: MenuIconProps) {
  const svg = renderMenuIcon({ ...options, size });
  return (
    <span
      role="img"
      aria-label={title}
      title={title}
      className={className}
      style={{ display: 'inline-flex', width: size, height: size, lineHeight: 0, flexShrink: 0 }}
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
