import type { EntryContext } from '@remix-run/node';
import { contentSecurityPolicy, scriptOrigin } from '@server/http/security-headers';
import { isEmbeddable } from '~/lib/route-handle';

/**
 * A page's Content-Security-Policy (server/http/security-headers.ts): the request's nonce,
 * frames allowed only when the route that renders the page says `handle.embeddable`, and the
 * project's help-desk widget (the root loader's `helpDeskScriptUrl`) allowed to load.
 */
export function pagePolicy(
  context: Pick<EntryContext, 'routeModules'> & {
    staticHandlerContext: Pick<EntryContext['staticHandlerContext'], 'matches' | 'loaderData'>;
  },
  nonce: string,
  development = false,
): string {
  const { matches, loaderData } = context.staticHandlerContext;
  const handles = matches.map((match) => context.routeModules[match.route.id]?.handle);
  const root = loaderData.root as { helpDeskScriptUrl?: string | null } | undefined;
  const widget = scriptOrigin(root?.helpDeskScriptUrl);
  return contentSecurityPolicy({ nonce, embeddable: isEmbeddable(handles), widgetOrigins: widget ? [widget] : [], development });
}
