import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { errorsOf } from '~/schemas/listing/testing';
import { remoteAdminSchema, type RemoteAdminFormValue } from '~/schemas/remote-admin';
import { RemoteAdminSection } from './remote-admin-section';
import { RemoteAuditList } from './remote-audit-list';
import { RemoteRequestForm } from './remote-request-form';

const value: RemoteAdminFormValue = {
  remotelyManaged: true,
  allowFavorite: true,
  entries: [
    {
      uuid: 'link-1',
      accessType: 'url',
      name: 'Riley',
      email: '',
      title: 'Manager',
      editInfo: true,
      addButtons: false,
      sendNotifications: true,
    },
    {
      uuid: 'acct-1',
      accessType: 'email',
      name: 'Rosa',
      email: 'rosa@example.com',
      title: 'Owner',
      editInfo: true,
      addButtons: true,
      sendNotifications: false,
    },
  ],
};
const links = { 'link-1': 'https://c.example/detail/remote/link-1', 'acct-1': 'https://c.example/detail/remote/id/item' };

/** The opening tag of the control with this name. */
function control(html: string, name: string): string {
  const match = new RegExp(`<(input|textarea|select)[^>]*name="${name.replace(/[.[\]]/g, '\\$&')}"[^>]*>`).exec(html);
  if (!match) throw new Error(`no control named ${name}`);
  return match[0];
}

describe('RemoteAdminSection (server-rendered, as without JavaScript)', () => {
  const render = (props: Partial<Parameters<typeof RemoteAdminSection>[0]> = {}) =>
    renderToStaticMarkup(<RemoteAdminSection name="remote" defaultValue={value} links={links} dollarsEnabled {...props} />);

  it('names every field under the prefix, with its stored value', () => {
    const html = render();
    expect(control(html, 'remote.remotelyManaged')).toContain('checked');
    expect(control(html, 'remote.allowFavorite')).toContain('checked');
    expect(control(html, 'remote.entries[0].uuid')).toContain('value="link-1"');
    expect(control(html, 'remote.entries[0].title')).toContain('value="Manager"');
    expect(control(html, 'remote.entries[0].sendNotifications')).toContain('checked');
    expect(control(html, 'remote.entries[0].addButtons')).not.toContain('checked');
    expect(control(html, 'remote.entries[1].email')).toContain('value="rosa@example.com"');
    expect(html).toMatch(/<legend[^>]*>Remote Administration<\/legend>/);
    expect(html).toMatch(/<label[^>]*for="remote-entries-1-email"[^>]*>Email \(Email Login\)<\/label>/);
  });

  it('shows Order numbers, Remove checkboxes, one blank entry and each link as text', () => {
    const html = render();
    expect(control(html, 'remote.entries[0].order')).toContain('value="1"');
    expect(control(html, 'remote.entries[1].remove')).toContain('type="checkbox"');
    expect(control(html, 'remote.entries[2].uuid')).toContain('value=""');
    expect(html).not.toContain('name="remote.entries[2].remove"');
    expect(html).not.toContain('name="remote.entries[3].uuid"');
    expect(html).toContain('<code>https://c.example/detail/remote/link-1</code>');
    expect(html).not.toContain('Add Additional Access');
  });

  it('offers Email Login only when dollars are enabled, except to an entry that has it', () => {
    const html = render({ dollarsEnabled: false });
    const select = (index: number) => new RegExp(`name="remote.entries\\[${index}\\].accessType"[^>]*>(.*?)</select>`).exec(html)![1]!;
    expect(select(0)).not.toContain('value="email"');
    expect(select(1)).toContain('value="email"');
    expect(select(2)).not.toContain('value="email"');
    expect(html).not.toContain('name="remote.entries[2].email"');
  });

  it('shows the schema’s errors on their fields', () => {
    const schema = remoteAdminSchema({ dollarsEnabled: true });
    const errors = errorsOf(schema, {
      remotelyManaged: 'on',
      'entries[0].accessType': 'email',
      'entries[0].email': 'nope',
    });
    const prefixed = Object.fromEntries(Object.entries(errors).map(([key, messages]) => [`remote.${key}`, messages ?? undefined]));
    const html = render({ errors: prefixed });
    expect(control(html, 'remote.entries[0].email')).toContain('aria-invalid="true"');
    expect(control(html, 'remote.entries[0].email')).toContain('aria-describedby="remote-entries-0-email-error"');
    expect(html).toContain('You must provide a valid email address.');
  });
});

describe('RemoteRequestForm', () => {
  const grant = {
    title: 'Owner',
    editInfo: true,
    addButtons: false,
    sendNotifications: true,
    origContext: 'demo-campground/dining-resort',
  };
  /** Rendered inside a router, as on the remote page (Remix's Form needs one). */
  async function render(lastResult?: Parameters<typeof RemoteRequestForm>[0]['lastResult']) {
    const routes = [
      { path: '/', Component: () => <RemoteRequestForm intentName="intent" intentValue="request" grant={grant} lastResult={lastResult} /> },
    ];
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request('http://localhost/'));
    if (context instanceof Response) throw new Error('unexpected response');
    return renderToStaticMarkup(
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
    );
  }

  it('starts from the grant’s relationship and permissions, with the intent on its button', async () => {
    const html = await render();
    expect(control(html, 'remoteInfo.title')).toContain('value="Owner"');
    expect(control(html, 'remoteInfo.editInfo')).toContain('checked');
    expect(control(html, 'remoteInfo.addButtons')).not.toContain('checked');
    expect(html).toMatch(/<button[^>]*name="intent"[^>]*value="request"[^>]*>Send Request<\/button>/);
    expect(html).toContain('method="post"');
  });

  it('keeps what was posted and shows the errors', async () => {
    const html = await render({
      status: 'error',
      initialValue: { action: 'add', remoteInfo: { title: 'Staff' }, message: '' },
      error: { message: ['Please tell the administrators who should get access.'] },
    });
    expect(html).toMatch(/<option value="add" selected="">/);
    expect(control(html, 'remoteInfo.title')).toContain('value="Staff"');
    expect(control(html, 'remoteInfo.editInfo')).not.toContain('checked');
    expect(control(html, 'message')).toContain('aria-invalid="true"');
    expect(html).toContain('Please tell the administrators who should get access.');
  });
});

describe('RemoteAuditList', () => {
  it('lists who changed which fields when, and says when there is nothing', () => {
    const html = renderToStaticMarkup(
      <RemoteAuditList
        entries={[{ at: Date.UTC(2026, 5, 1, 14, 30), who: 'Link: Manager', accessType: 'url', uid: null, fields: ['hours', 'phone'] }]}
      />,
    );
    expect(html).toContain('Jun 1, 2026, 2:30 PM');
    expect(html).toContain('Link: Manager');
    expect(html).toContain('Changed: hours, phone');
    expect(renderToStaticMarkup(<RemoteAuditList entries={[]} />)).toContain('No remote changes yet.');
  });
});
