import { NavLink } from '@remix-run/react';
import { editorHref } from './home-actions';
import { leftColumnEntryHref, type LeftColumnState } from './left-column-state';
import { TrayButtonLink } from './tray-button-link';
import type { TrayView } from './tray-types';

/**
 * The left column's admin button navigation: the visible trays as a compact vertical list. An
 * entry chosen while the column is opened by choice also closes it (the drawer on phones).
 */
export function TrayNav({ trays, state = 'auto' }: { trays: readonly TrayView[]; state?: LeftColumnState }) {
  return (
    <nav aria-label="Admin buttons" className="tray-nav">
      {trays.map((tray) => (
        <section key={tray.id} aria-labelledby={`tray-nav-${tray.id}`} className="tray-nav-group">
          <h2 className="tray-nav-title" id={`tray-nav-${tray.id}`}>
            {tray.title}
          </h2>
          <ul className="tray-nav-list">
            {tray.buttons.map((button) => (
              <li key={button.id}>
                {button.unavailable ? (
                  <TrayButtonLink button={button} className="tray-nav-link" />
                ) : (
                  <NavLink to={leftColumnEntryHref(editorHref(button.to), state)} className="tray-nav-link" end>
                    {button.label}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
