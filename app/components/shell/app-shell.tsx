import { Button, Text, Tooltip } from '@radix-ui/themes';
import { Link, useLocation, useNavigation } from '@remix-run/react';
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { Form } from '~/components/forms/form';
import { hrefs } from '~/lib/hrefs';
import { useShellFlags } from '~/lib/route-handle';
import { FeatureUnavailableProvider } from './feature-unavailable';
import { EDITOR_ID } from './home-actions';
import { CollapseIcon, HomeIcon, LogOutIcon, MenuIcon } from './icons';
import { LEFT_COLUMN_PARAM, leftColumnEntryHref, leftColumnHref, parseLeftColumnChoice, type LeftColumnState } from './left-column-state';
import type { ShellData } from './shell-data';
import { TrayNav } from './tray-nav';

/** What the authenticated layout's loader hands the shell. */

export type { ShellData } from './shell-data';

/**
 * The authenticated shell of spec 01 §2.3: a left column (logo, menu expander, home icon,
 * admin buttons), a header bar (community name, Log Out) and the page's own columns.
 * Route handles `noLeftColumn` and `isRemote` hide the left column and the logo link / Log Out.
 */
export function AppShell({ data, children }: { data: ShellData; children: ReactNode }) {
  const { noLeftColumn, isRemote } = useShellFlags();
  const leftColumn = useOptimisticLeftColumn(data.leftColumn);
  useEditorFocus();
  const style = {
    '--community-bg': data.community.colorBackground,
    '--community-on-bg': data.community.colorOnBackground,
  } as CSSProperties;

  return (
    <FeatureUnavailableProvider serverFeature={data.unavailableFeature} demoUrl={data.demoUrl}>
      <div className="shell" data-left-column={noLeftColumn ? 'none' : leftColumn} style={style}>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {noLeftColumn ? null : <LeftColumn data={data} state={leftColumn} isRemote={isRemote} />}
        <div className="shell-body">
          <header className="shell-header">
            {noLeftColumn ? <ShellLogo data={data} linked={!isRemote} className="shell-header-logo" /> : null}
            <Text as="p" size="4" weight="bold" className="shell-community-name" data-community={data.community.key}>
              {data.community.name}
            </Text>
            {isRemote ? null : (
              <Form method="post" action={hrefs.login({ action: 'logout' })} className="shell-logout">
                <Button type="submit" variant="surface" highContrast size="2">
                  <LogOutIcon size={16} />
                  Log Out
                </Button>
              </Form>
            )}
          </header>
          <main id="main" className="shell-main" tabIndex={-1}>
            {children}
          </main>
        </div>
      </div>
    </FeatureUnavailableProvider>
  );
}

function LeftColumn({ data, state, isRemote }: { data: ShellData; state: LeftColumnState; isRemote: boolean }) {
  const location = useLocation();
  return (
    <aside className="shell-left" id="shell-left" aria-label="Admin menu">
      <div className="shell-left-panel">
        <div className="shell-left-top">
          <ShellLogo data={data} linked={!isRemote} className="shell-logo" />
          <div className="shell-expanders">
            {/* In 'auto', which link shows depends on the screen width (CSS): wide screens offer to collapse, tablets to expand. */}
            {state !== 'collapsed' ? (
              <ExpanderLink to={leftColumnHref(location, 'collapsed')} label="Collapse menu" className="expander-collapse">
                <CollapseIcon />
              </ExpanderLink>
            ) : null}
            {state !== 'expanded' ? (
              <ExpanderLink to={leftColumnHref(location, 'expanded')} label="Expand menu" className="expander-expand">
                <MenuIcon />
              </ExpanderLink>
            ) : null}
          </div>
        </div>
        <Tooltip content="Home" side="right">
          <Link to={leftColumnEntryHref(hrefs.home(), state)} className="shell-home" aria-label="Home">
            <HomeIcon />
            <span className="shell-home-label">Home</span>
          </Link>
        </Tooltip>
        <div className="shell-left-nav">
          <TrayNav trays={data.trays} state={state} />
        </div>
      </div>
    </aside>
  );
}

function ExpanderLink({ to, label, className, children }: { to: string; label: string; className: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      replace
      preventScrollReset
      className={`shell-expander ${className}`}
      aria-label={label}
      title={label}
      aria-controls="shell-left"
      data-expander=""
    >
      {children}
    </Link>
  );
}

function ShellLogo({ data, linked, className }: { data: ShellData; linked: boolean; className: string }) {
  const image = (
    <img
      src={data.community.logo ?? data.appLogo}
      alt={linked ? `${data.community.name} home` : data.community.name}
      className="shell-logo-image"
    />
  );
  return linked ? (
    <Link to={hrefs.home()} className={className}>
      {image}
    </Link>
  ) : (
    <span className={className}>{image}</span>
  );
}

/** While the expander's navigation is under way, show the state it asks for. */
function useOptimisticLeftColumn(current: LeftColumnState): LeftColumnState {
  const navigation = useNavigation();
  if (navigation.location) {
    const pending = parseLeftColumnChoice(new URLSearchParams(navigation.location.search).get(LEFT_COLUMN_PARAM));
    if (pending) return pending;
  }
  return current;
}

/**
 * After a navigation by a link to the right column (`#editor`: a home tile, Add Menu Item, an
 * admin button), the editor comes into view under the sticky header and its heading takes the
 * focus, so a phone shows the editor instead of the top of the menu and a screen reader starts
 * reading there. The click is remembered because the drawer's redirect drops the fragment.
 */
function useEditorFocus() {
  const location = useLocation();
  const asked = useRef<string | null>(null);
  const first = useRef(true);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      const href = link?.getAttribute('href');
      if (!href?.endsWith(`#${EDITOR_ID}`)) return;
      asked.current = new URL(href, window.location.href).pathname;
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);

  useEffect(() => {
    const initial = first.current;
    first.current = false;
    const wanted = location.hash === `#${EDITOR_ID}` || asked.current === location.pathname;
    asked.current = null;
    if (!wanted) return;
    const editor = document.getElementById(EDITOR_ID);
    if (!editor) return;
    // A dialog open over the editor keeps the focus (the page behind it is inert).
    if (editor.querySelector('dialog[open]')) return;
    const top = editor.getBoundingClientRect().top;
    const header = document.querySelector('.shell-header')?.getBoundingClientRect().bottom ?? 0;
    if (!initial && (top < header || top > window.innerHeight / 2)) editor.scrollIntoView({ block: 'start' });
    const heading = editor.querySelector<HTMLElement>('h1, h2, h3');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  }, [location]);
}
