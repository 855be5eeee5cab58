import { createContext, useContext, type ReactNode } from 'react';

/**
 * The Content-Security-Policy nonce of the page being rendered: set by the server render
 * (app/entry.server.tsx) and given to every script the page writes. In the browser it is
 * empty: scripts already in the page keep theirs, and the browser hides nonces from scripts.
 */
const NonceContext = createContext<string | undefined>(undefined);

export function NonceProvider({ nonce, children }: { nonce: string | undefined; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
