import { Button, Link as RadixLink } from '@radix-ui/themes';
import { Link, useLocation, useNavigate } from '@remix-run/react';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { PageDialog } from '~/components/ui/dialog';
import { UNAVAILABLE_PARAM, withoutUnavailable } from './tray-types';

interface FeatureUnavailableContextValue {
  /** Opens the dialog for a button (JavaScript only; without it the button is a link). */
  open: (buttonId: string) => void;
}

const FeatureUnavailableContext = createContext<FeatureUnavailableContextValue | null>(null);

export function useFeatureUnavailable(): FeatureUnavailableContextValue | null {
  return useContext(FeatureUnavailableContext);
}

/**
 * The 'Feature Unavailable' dialog of the studio project (spec 01 §6, spec 03 §6). The server
 * renders it when the address carries `?unavailable={buttonId}` for one of the person's
 * unavailable buttons (`serverFeature`), so it works without JavaScript; with JavaScript the
 * tray buttons open it in place.
 */
export function FeatureUnavailableProvider({
  serverFeature,
  demoUrl,
  children,
}: {
  serverFeature: string | null;
  demoUrl: string | null;
  children: ReactNode;
}) {
  const [clientFeature, setClientFeature] = useState<string | null>(null);
  const location = useLocation();
  const navigate = useNavigate();

  // A navigation closes a dialog opened in place.
  useEffect(() => setClientFeature(null), [location.key]);

  const fromAddress = new URLSearchParams(location.search).has(UNAVAILABLE_PARAM) && serverFeature !== null;
  const isOpen = clientFeature !== null || fromAddress;

  const close = useCallback(() => {
    if (clientFeature !== null) setClientFeature(null);
    else navigate(withoutUnavailable(location), { replace: true, preventScrollReset: true });
  }, [clientFeature, location, navigate]);

  const value = useMemo(() => ({ open: (buttonId: string) => setClientFeature(buttonId) }), []);

  return (
    <FeatureUnavailableContext.Provider value={value}>
      {children}
      {isOpen ? (
        <PageDialog
          title="Feature Unavailable"
          role="alertdialog"
          onDismiss={close}
          description={
            <>
              <p className="dialog-text">This feature is not available.</p>
              {demoUrl ? (
                <p className="dialog-text">
                  <RadixLink href={demoUrl} target="_blank" rel="noopener noreferrer">
                    Schedule a demo
                  </RadixLink>{' '}
                  to see it in action.
                </p>
              ) : null}
            </>
          }
          actions={
            <Button asChild>
              <Link
                to={withoutUnavailable(location)}
                replace
                preventScrollReset
                data-autofocus
                onClick={(event) => {
                  if (clientFeature !== null) {
                    event.preventDefault();
                    setClientFeature(null);
                  }
                }}
              >
                OK
              </Link>
            </Button>
          }
        />
      ) : null}
    </FeatureUnavailableContext.Provider>
  );
}
