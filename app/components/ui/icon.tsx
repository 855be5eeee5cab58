import type { ReactNode, SVGProps } from 'react';

/**
 * The one component that draws the app's hand-drawn SVG icons (the shell's, the toasts', the
 * rich-text toolbar's, the home screen's). An icon is decoration beside words that name its
 * control, so it is hidden from assistive technology (`aria-hidden`, not focusable); given a
 * `title`, it is an image with that name instead. By default a line icon: 24×24, stroked in the
 * current text colour with round ends; `line={false}` draws only what its children fill.
 */
export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children' | 'width' | 'height'> {
  /** Width and height in px. */
  size: number;
  /** The accessible name; without it the icon is hidden from assistive technology. */
  title?: string;
  /** Stroked in the current colour (the default), or drawn only by its children's own fill. */
  line?: boolean;
  children: ReactNode;
}

const LINE = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const satisfies SVGProps<SVGSVGElement>;

export function Icon({ size, title, line = true, viewBox = '0 0 24 24', children, ...props }: IconProps) {
  const named = title !== undefined && title !== '';
  return (
    <svg
      viewBox={viewBox}
      width={size}
      height={size}
      {...(line ? LINE : {})}
      {...(named ? { role: 'img' } : { 'aria-hidden': true })}
      focusable="false"
      {...props}
    >
      {named ? <title>{title}</title> : null}
      {children}
    </svg>
  );
}
