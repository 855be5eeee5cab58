import { describe, expect, it } from 'vitest';
import { pagePolicy } from './page-policy.server';

/** What entry.server renders with: the matched routes, their modules and the loaders' data. */
function context(handles: unknown[], rootData: unknown = { toast: null, helpDeskScriptUrl: null }) {
  const ids = handles.map((_, index) => (index === 0 ? 'root' : `routes/r${index}`));
  return {
    routeModules: Object.fromEntries(ids.map((id, index) => [id, { handle: handles[index], default: () => null }])),
    staticHandlerContext: {
      matches: ids.map((id) => ({ route: { id } })),
      loaderData: { root: rootData },
    },
  } as unknown as Parameters<typeof pagePolicy>[0];
}

describe('pagePolicy', () => {
  it('forbids framing unless the page route is embeddable', () => {
    expect(pagePolicy(context([undefined, { title: 'Settings' }]), 'n1')).toContain("frame-ancestors 'none'");
    // A test route that declares itself embeddable, as the public calendar will.
    const embeddable = pagePolicy(context([undefined, { embeddable: true }]), 'n1');
    expect(embeddable).not.toContain('frame-ancestors');
    expect(embeddable).toContain("'nonce-n1'");
  });

  it("lets the project's help-desk widget load", () => {
    const policy = pagePolicy(context([undefined, {}], { helpDeskScriptUrl: 'https://desk.help.example/widget.js' }), 'n2');
    expect(policy).toMatch(/script-src [^;]*https:\/\/desk\.help\.example/);
    expect(policy).toMatch(/connect-src [^;]*https:\/\/desk\.help\.example/);
  });

  it('an error page without root data still gets the full policy', () => {
    const policy = pagePolicy(context([undefined], undefined), 'n3');
    expect(policy).toContain("'nonce-n3'");
    expect(policy).toContain("frame-ancestors 'none'");
  });
});
