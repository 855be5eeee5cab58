import type { ReactNode } from 'react';
import { EDITOR_ID } from './home-actions';

/**
 * A page's columns inside the shell: the centre, and the right column's action area when the
 * page has one (spec 01 §2.3). On narrow screens the right column moves under the centre (before
 * it with `rightFirst`); links to the screens that open in it point at its landmark (`#editor`,
 * see editorHref).
 */
export function ShellColumns({
  centre,
  right,
  rightLabel,
  rightFirst = false,
}: {
  centre: ReactNode;
  right?: ReactNode;
  rightLabel?: string;
  /**
   * On narrow screens, the right column comes before the centre (a list's actions and forms:
   * the list may be thousands of pixels long). Wide screens keep the columns side by side.
   */
  rightFirst?: boolean;
}) {
  return (
    <div className="shell-columns" data-single={right ? undefined : ''} data-right-first={right && rightFirst ? '' : undefined}>
      <div className="shell-centre">{centre}</div>
      {right ? (
        <aside className="shell-right" id={EDITOR_ID} aria-label={rightLabel ?? 'Actions'}>
          {right}
        </aside>
      ) : null}
    </div>
  );
}
