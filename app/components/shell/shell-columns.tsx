import type { ReactNode } from 'react';

/**
 * A page's columns inside the shell: the centre, and the right column's action area when the
 * page has one (spec 01 §2.3). On narrow screens the right column moves under the centre.
 */
export function ShellColumns({ centre, right, rightLabel }: { centre: ReactNode; right?: ReactNode; rightLabel?: string }) {
  return (
    <div className="shell-columns" data-single={right ? undefined : ''}>
      <div className="shell-centre">{centre}</div>
      {right ? (
        <aside className="shell-right" aria-label={rightLabel ?? 'Actions'}>
          {right}
        </aside>
      ) : null}
    </div>
  );
}
