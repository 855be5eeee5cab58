import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { ICS_UPLOAD_TEXTS } from '~/lib/calendars';
import { IcsUploadScreen } from './ics-upload';
import type { IcsUploadActionData, IcsUploadData } from './ics-upload.server';

/** Import a .ics File as the server renders it (what a browser without JavaScript gets). */

const data: IcsUploadData = {
  calendarId: 'activities',
  title: 'Activities',
  configHref: '/amc-calendars/config/activities',
  audiences: [
    { value: 'family', label: 'Family' },
    { value: 'adults', label: 'Adults' },
  ],
  locations: [{ value: 'pool', label: 'Pool' }],
};

async function render(actionData?: IcsUploadActionData) {
  const routes = [{ path: '/', element: <IcsUploadScreen data={data} actionData={actionData} /> }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error('unexpected response');
  return renderToStaticMarkup(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
  );
}

describe('Import a .ics File', () => {
  it('is a multipart form posting the file and its settings', async () => {
    const html = await render();
    // HTML attribute names are case-insensitive: React writes encType.
    expect(html).toMatch(/<form method="post"[^>]*enctype="multipart\/form-data"/i);
    expect(html).toContain('type="file"');
    expect(html).toContain('name="icsFile"');
    expect(html).toContain('value="upload"');
    expect(html).toContain('<option value="adults">Adults</option>');
  });

  it('shows the error and keeps the choices', async () => {
    const html = await render({
      error: ICS_UPLOAD_TEXTS.noFile,
      values: { audience: 'adults', eventContext: 'local', defaultLocation: 'pool' },
    });
    expect(html).toContain(ICS_UPLOAD_TEXTS.noFile);
    expect(html).toContain('<option value="adults" selected="">Adults</option>');
    expect(html).toContain('<option value="local" selected="">Local Area</option>');
    expect(html).toContain('<option value="pool" selected="">Pool</option>');
  });
});
