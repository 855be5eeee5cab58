import { Callout, Flex, IconButton, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import type { Toast } from '@server/auth/session';
import { Icon } from '~/components/ui/icon';
import type { ShownToast } from '~/lib/toast.server';

export type { ShownToast } from '~/lib/toast.server';

/** How long a toast stays when JavaScript runs. */
export const TOAST_DISMISS_MS = 6000;

const COLORS = { success: 'green', error: 'red', info: 'blue', warning: 'amber' } as const;

/**
 * The toast of the last redirect, as a Callout at the top of the page. Without JavaScript it
 * stays in the page's flow; with JavaScript it floats under the header bar (never over its Log
 * Out button), closes itself and has a close button. Its region is always in the page (a live
 * region), so a toast that arrives with a client-side navigation is announced; the toast itself
 * is a status, or an alert for errors and warnings.
 */
export function ToastMessage({ toast }: { toast: ShownToast | null }) {
  const [hydrated, setHydrated] = useState(false);
  const [dismissed, setDismissed] = useState<string | null>(null);

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setDismissed(toast.id), TOAST_DISMISS_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);

  const shown = toast && dismissed !== toast.id ? toast : null;
  return (
    <div className="toast-region" data-floating={hydrated ? '' : undefined} aria-live="polite">
      {shown ? <ToastCallout toast={shown} closable={hydrated} onClose={() => setDismissed(shown.id)} /> : null}
    </div>
  );
}

function ToastCallout({ toast, closable, onClose }: { toast: ShownToast; closable: boolean; onClose: () => void }) {
  const urgent = toast.kind === 'error' || toast.kind === 'warning';
  return (
    <Callout.Root color={COLORS[toast.kind]} role={urgent ? 'alert' : 'status'} className="toast" data-kind={toast.kind} variant="surface">
      <Callout.Icon>
        <ToastIcon kind={toast.kind} />
      </Callout.Icon>
      <Flex direction="column" gap="1" style={{ gridColumn: 2 }}>
        {toast.title ? (
          <Text as="p" weight="bold" size="2">
            {toast.title}
          </Text>
        ) : null}
        <Callout.Text>{toast.message}</Callout.Text>
      </Flex>
      {closable ? (
        <IconButton variant="ghost" color="gray" size="1" className="toast-close" aria-label="Close" onClick={onClose}>
          <Icon size={14} strokeWidth={2.5}>
            <path d="M6 6l12 12M18 6L6 18" />
          </Icon>
        </IconButton>
      ) : null}
    </Callout.Root>
  );
}

function ToastIcon({ kind }: { kind: Toast['kind'] }) {
  const path = kind === 'success' ? 'M5 12l4 4 10-10' : kind === 'info' ? 'M12 8h.01M11 12h1v5h1' : 'M12 8v5M12 16h.01';
  return (
    <Icon size={16}>
      {kind === 'success' ? null : <circle cx="12" cy="12" r="9" />}
      <path d={path} />
    </Icon>
  );
}
