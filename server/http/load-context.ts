/**
 * What the HTTP server hands every loader and action besides the request. The server
 * (`server/http`) fills it in for each request. The fields are optional because callers
 * outside the server (tests, remix-auth's strategy context) pass partial contexts: read them
 * with `clientAddressOf`.
 */
export interface ConsoleLoadContext {
  /**
   * The client's IP address: the socket's peer, or, when the connection comes from a proxy
   * listed in TRUST_PROXY, the address that proxy reports. Null when it cannot be told.
   */
  clientAddress?: string | null;
  /** The nonce of this response's Content-Security-Policy, for the inline scripts Remix writes. */
  cspNonce?: string;
}

declare module '@remix-run/node' {
  // Interface merging is how Remix types the load context.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends ConsoleLoadContext {}
}

/** The client's address from a load context, or null when it was not given. */
export function clientAddressOf(context: ConsoleLoadContext | undefined): string | null {
  return context?.clientAddress ?? null;
}
