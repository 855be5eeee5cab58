import { parseWithZod } from '@conform-to/zod';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkShape } from '@server/http/form';
import {
  ACTION_MESSAGES,
  actionFormSchema,
  actionFormValue,
  actionFormValueFromPost,
  EMPTY_ACTION,
  targetOptionValue,
  type ActionTargets,
} from '~/lib/actions';
import { detailButtonsFormSchema, detailButtonsFormValue, detailButtonsRecord, MAX_DETAIL_BUTTONS } from '~/lib/detail-buttons';
import { hoursFormSchema, hoursFormValue, hoursRecord } from '~/lib/hours';
import { socialMediaFormSchema, socialMediaFormValue, socialMediaRecord } from '~/lib/social-media';
import { ActionSelector } from './action-selector';
import { DetailButtonsEditor } from './detail-buttons-editor';
import { HoursEditor } from './hours-editor';
import { SocialMediaEditor } from './social-media-editor';

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function attributes(source: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of source.matchAll(/([\w-]+)="([^"]*)"/g)) found[match[1]!] = decode(match[2]!);
  return found;
}

/**
 * What a browser without JavaScript posts for this markup: inputs with their value (checkboxes
 * only when checked), selects with their selected (else first) option, in document order.
 */
function posted(html: string): FormData {
  const data = new FormData();
  for (const match of html.matchAll(/<input\b([^>]*)>|<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const attrs = attributes(match[1] ?? match[2] ?? '');
    if (!attrs.name || 'disabled' in attrs) continue;
    if (match[1] !== undefined) {
      if (attrs.type === 'checkbox') {
        if ('checked' in attrs) data.append(attrs.name, attrs.value ?? 'on');
      } else {
        data.append(attrs.name, attrs.value ?? '');
      }
    } else {
      const options = [...(match[3] ?? '').matchAll(/<option\b([^>]*)>/g)].map((option) => attributes(option[1] ?? ''));
      const chosen = options.find((option) => 'selected' in option) ?? options[0];
      data.append(attrs.name, chosen?.value ?? '');
    }
  }
  return data;
}

/** The opening tag of the control with this name. */
function control(html: string, name: string): string {
  const match = new RegExp(`<(input|select)[^>]*name="${name.replace(/[.[\]]/g, '\\$&')}"[^>]*>`).exec(html);
  if (!match) throw new Error(`no control named ${name}`);
  return match[0];
}

/** The label text of the control with this name. */
function labelOf(html: string, name: string): string {
  const id = attributes(control(html, name)).id;
  const match = new RegExp(`<label[^>]*for="${id}"[^>]*>([\\s\\S]*?)</label>`).exec(html);
  if (!match) throw new Error(`no label for ${name}`);
  return decode(match[1]!.replace(/<[^>]+>/g, '')).trim();
}

const targets: ActionTargets = {
  communities: [
    { key: 'demo-campground', title: 'Pine Hollow' },
    { key: 'demo-town', title: 'Maple Falls' },
  ],
  byAction: {
    store: [{ key: 'firewood-bundle', title: 'Firewood Bundle', community: 'demo-campground' }],
    form: [
      { key: 'visitor-registration', title: 'Visitor Registration', community: 'demo-campground' },
      { key: 'report', title: 'Report an Issue', community: 'demo-town' },
    ],
    hunt: [],
  },
};
const oneCommunity: ActionTargets = { communities: [targets.communities[0]!], byAction: { store: targets.byAction.store } };

const lakesideHours = {
  Mon: [{ open: '11:00 AM', close: '8:00 PM' }],
  Sat: [
    { open: '10:00 AM', close: '2:00 PM' },
    { open: '4:00 PM', close: '?' },
  ],
};

describe('HoursEditor without JavaScript', () => {
  const html = renderToStaticMarkup(<HoursEditor name="hours" defaultValue={hoursFormValue(lakesideHours)} />);

  it('renders a fieldset with a legend per day and two time rows a day', () => {
    expect(html.match(/<fieldset/g)).toHaveLength(7);
    expect(html).toContain('Monday');
    expect(html).toContain('Sunday');
    expect(control(html, 'hours.days.Mon[0].open')).toContain('type="time"');
    expect(control(html, 'hours.days.Mon[0].open')).toContain('value="11:00"');
    expect(control(html, 'hours.days.Mon[1].close')).toContain('value=""');
    expect(control(html, 'hours.days.Sun[1].close')).toContain('type="time"');
    expect(() => control(html, 'hours.days.Sun[2].open')).toThrow();
    expect(labelOf(html, 'hours.days.Tue[1].close')).toBe('Close Tuesday 2');
    expect(labelOf(html, 'hours.noHours')).toContain('No hours');
  });

  it('has no JavaScript-only buttons', () => {
    expect(html).not.toContain('Copy Monday to all days');
    expect(html).not.toContain('Add hours');
  });

  it('posts what it shows: the stored hours come back unchanged', () => {
    const submission = parseWithZod(posted(html), { schema: z.object({ hours: hoursFormSchema }) });
    expect(submission.status).toBe('success');
    if (submission.status === 'success') expect(hoursRecord(submission.value.hours)).toEqual(lakesideHours);
  });

  it('shows the errors of a field beside it, and a refused post again', () => {
    const errors = { 'hours.days.Wed[0].open': ['Enter a time such as 9:00 AM.'] };
    const again = renderToStaticMarkup(
      <HoursEditor
        name="hours"
        defaultValue={hoursFormValue({ noHours: 'on', days: { Wed: [{ open: '', close: '17:00' }] } })}
        errors={errors}
      />,
    );
    expect(control(again, 'hours.days.Wed[0].open')).toContain('aria-invalid="true"');
    expect(again).toContain('Enter a time such as 9:00 AM.');
    expect(control(again, 'hours.days.Wed[0].close')).toContain('value="17:00"');
    expect(control(again, 'hours.noHours')).toContain('checked');
  });

  it('disables every control when disabled', () => {
    const disabled = renderToStaticMarkup(<HoursEditor name="hours" defaultValue={hoursFormValue(null)} disabled />);
    expect(control(disabled, 'hours.noHours')).toContain('disabled');
    expect(disabled.match(/<fieldset[^>]*disabled/g)).toHaveLength(7);
  });
});

describe('ActionSelector without JavaScript', () => {
  const render = (value = EMPTY_ACTION, t: ActionTargets = targets, errors?: Record<string, string[]>) =>
    renderToStaticMarkup(<ActionSelector name="link" defaultValue={value} targets={t} errors={errors} legend="Button action" />);

  it('renders every control: action, typed key, target select grouped by action, community and web view', () => {
    const html = render();
    expect(html).toContain('<legend>');
    expect(html).toContain('Button action');
    expect(labelOf(html, 'link.action')).toBe('Action');
    expect(html).toContain('<option value="mailto">Email</option>');
    expect(labelOf(html, 'link.key')).toBe('Web Address, Phone Number or Email Address');
    expect(labelOf(html, 'link.target')).toBe('Item to open');
    expect(labelOf(html, 'link.communityKey')).toBe('Community');
    expect(labelOf(html, 'link.webview')).toBe('Open in web view');
    expect(html).toContain('<optgroup label="Store Item">');
    expect(html).toContain('<optgroup label="Form">');
    expect(html).toContain(`value="${targetOptionValue('form', 'demo-town', 'report')}">Maple Falls: Report an Issue</option>`);
  });

  it('has no community select with one community, but posts that community', () => {
    const html = render(EMPTY_ACTION, oneCommunity);
    expect(() => control(html, 'link.communityKey')).not.toThrow();
    expect(control(html, 'link.communityKey')).toContain('type="hidden"');
    expect(html).toContain('>Firewood Bundle</option>');
  });

  it('round-trips each kind of stored action through what it posts', () => {
    const schema = z.object({ link: actionFormSchema({ required: true, communityRequired: true }) });
    const stored = [
      { action: 'website-webview', actionKey: 'https://pine.example/menu' },
      { action: 'website', actionKey: 'mailto:office@pine.example' },
      { action: 'call', actionKey: '(518) 555-0163' },
      { action: 'form', actionKey: 'report', actionCommunityKey: 'demo-town', actionParams: 'a=1' },
      { action: 'store', actionKey: 'firewood-bundle' },
    ];
    for (const record of stored) {
      const value = actionFormValue(record);
      const submission = parseWithZod(posted(render(value)), { schema });
      expect(submission.status, JSON.stringify(record)).toBe('success');
      if (submission.status !== 'success') continue;
      expect(submission.value.link).toEqual(record.action === 'store' ? { ...value, communityKey: 'demo-campground' } : value);
    }
  });

  it('keeps a stored target that no longer exists as an option saying so', () => {
    const html = render(actionFormValue({ action: 'hunt', actionKey: 'gone-hunt', actionCommunityKey: 'demo-campground' }));
    expect(html).toContain('gone-hunt (no longer found)');
    const submission = parseWithZod(posted(html), {
      schema: z.object({ link: actionFormSchema({ required: true, communityRequired: true }) }),
    });
    expect(submission.status === 'success' && submission.value.link.key).toBe('gone-hunt');
  });

  it('shows the key error under the controls, with aria-invalid', () => {
    const html = render(actionFormValue({ action: 'call', actionKey: '12' }), targets, { 'link.key': [ACTION_MESSAGES.phone] });
    expect(control(html, 'link.key')).toContain('aria-invalid="true"');
    expect(html).toContain(ACTION_MESSAGES.phone);
  });

  it('shows a key error once, under the control of the chosen kind of action, and takes conform’s null entries', () => {
    const errors: Record<string, string[] | null> = { 'link.key': [ACTION_MESSAGES.inputRequired], 'link.action': null };
    const typed = renderToStaticMarkup(
      <ActionSelector name="link" defaultValue={actionFormValue({ action: 'call' })} targets={targets} errors={errors} />,
    );
    expect(typed.split(ACTION_MESSAGES.inputRequired)).toHaveLength(2);
    expect(control(typed, 'link.key')).toContain('aria-invalid="true"');
    expect(control(typed, 'link.target')).not.toContain('aria-invalid');
    const record = renderToStaticMarkup(
      <ActionSelector name="link" defaultValue={{ ...EMPTY_ACTION, action: 'hunt' }} targets={targets} errors={errors} />,
    );
    expect(record.split(ACTION_MESSAGES.inputRequired)).toHaveLength(2);
    expect(control(record, 'link.target')).toContain('aria-invalid="true"');
    expect(control(record, 'link.key')).not.toContain('aria-invalid');
  });

  it('shows only the allowed actions and no record controls when none is allowed', () => {
    const html = renderToStaticMarkup(
      <ActionSelector name="link" defaultValue={EMPTY_ACTION} targets={targets} allowed={['website', 'call']} />,
    );
    expect(html).not.toContain('value="store"');
    expect(() => control(html, 'link.target')).toThrow();
    expect(() => control(html, 'link.communityKey')).toThrow();
  });

  it('reads a refused post back as it was typed', () => {
    const data = posted(render(actionFormValue({ action: 'form', actionKey: 'report', actionCommunityKey: 'demo-town' })));
    const raw = Object.fromEntries([...data.entries()].map(([name, value]) => [name.replace('link.', ''), value]));
    expect(actionFormValueFromPost(raw)).toEqual({ ...EMPTY_ACTION, action: 'form', key: 'report', communityKey: 'demo-town' });
  });
});

describe('DetailButtonsEditor without JavaScript', () => {
  const stored = [
    {
      title: 'View Menu',
      action: 'website',
      actionKey: 'https://www.pinehollowrv.example/menu',
      icon: 'dining',
      iconData: { svg: '<svg/>' },
    },
    { title: 'Call to Order', action: 'call', actionKey: '5185550163', icon: 'phone' },
  ];
  const html = renderToStaticMarkup(<DetailButtonsEditor name="buttons" defaultValue={detailButtonsFormValue(stored)} targets={targets} />);

  it('renders the stored rows plus one blank row, each with order, title, icon, action and Remove', () => {
    expect(control(html, 'buttons[0].title')).toContain('value="View Menu"');
    expect(control(html, 'buttons[1].order')).toContain('value="2"');
    expect(control(html, 'buttons[2].title')).toContain('value=""');
    expect(() => control(html, 'buttons[3].title')).toThrow();
    expect(labelOf(html, 'buttons[0].order')).toBe('Order');
    expect(labelOf(html, 'buttons[0].title')).toBe('Title');
    expect(labelOf(html, 'buttons[0].icon')).toBe('Icon');
    expect(labelOf(html, 'buttons[2].remove')).toBe('Remove');
    expect(control(html, 'buttons[1].action.action')).toBeTruthy();
    expect(html).toContain('Button 1: View Menu');
    expect(html).not.toContain('Add Button');
  });

  it('posts what it shows: the stored buttons come back, the blank row is ignored', () => {
    const submission = parseWithZod(posted(html), { schema: z.object({ buttons: detailButtonsFormSchema({ communityRequired: true }) }) });
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    expect(detailButtonsRecord(submission.value.buttons, stored)).toEqual(
      stored.map((button) => (button.icon === 'phone' ? { ...button, iconData: expect.objectContaining({ title: 'phone' }) } : button)),
    );
  });

  it('reorders by the order numbers and drops removed rows', () => {
    const data = posted(html);
    data.set('buttons[0].order', '5');
    data.set('buttons[1].remove', 'on');
    data.set('buttons[2].title', 'Book');
    data.set('buttons[2].icon', 'calendar');
    data.set('buttons[2].action.action', 'form');
    data.set('buttons[2].action.target', targetOptionValue('form', 'demo-town', 'report'));
    const submission = parseWithZod(data, { schema: z.object({ buttons: detailButtonsFormSchema({ communityRequired: true }) }) });
    expect(submission.status === 'success' && submission.value.buttons.map((button) => button.title)).toEqual(['Book', 'View Menu']);
  });

  it('shows the row errors beside their controls', () => {
    const errors = { 'buttons[2].title': ['Title is required.'], 'buttons[2].action.key': [ACTION_MESSAGES.inputRequired] };
    const again = renderToStaticMarkup(
      <DetailButtonsEditor name="buttons" defaultValue={detailButtonsFormValue(stored)} targets={targets} errors={errors} />,
    );
    expect(control(again, 'buttons[2].title')).toContain('aria-invalid="true"');
    expect(again).toContain('Title is required.');
    expect(again).toContain(ACTION_MESSAGES.inputRequired);
  });

  it('never posts svg: only icon names from the catalogue', () => {
    expect(html).not.toMatch(/name="[^"]*iconData/);
    const many = renderToStaticMarkup(
      <DetailButtonsEditor
        name="b"
        defaultValue={detailButtonsFormValue(Array.from({ length: MAX_DETAIL_BUTTONS }, () => stored[1]))}
        targets={oneCommunity}
      />,
    );
    expect(() => control(many, `b[${MAX_DETAIL_BUTTONS}].title`)).not.toThrow();
  });
});

describe('SocialMediaEditor without JavaScript', () => {
  const stored = [
    { site: 'facebook', url: 'https://www.facebook.com/lakesidegrillpinehollow' },
    { site: 'instagram', url: 'https://www.instagram.com/lakesidegrillpinehollow' },
  ];
  const html = renderToStaticMarkup(<SocialMediaEditor name="socialMedia" defaultValue={socialMediaFormValue(stored)} />);

  it('renders a site select and a URL per row, plus one blank row and Remove boxes', () => {
    expect(labelOf(html, 'socialMedia[0].site')).toBe('Site');
    expect(labelOf(html, 'socialMedia[0].url')).toBe('URL');
    expect(labelOf(html, 'socialMedia[1].remove')).toBe('Remove');
    expect(html).toContain('<option value="tripadvisor">Tripadvisor</option>');
    expect(control(html, 'socialMedia[2].url')).toContain('value=""');
    expect(html).not.toContain('Add Link');
  });

  it('posts what it shows', () => {
    const submission = parseWithZod(posted(html), { schema: z.object({ socialMedia: socialMediaFormSchema }) });
    expect(submission.status === 'success' && socialMediaRecord(submission.value.socialMedia)).toEqual(stored);
  });

  it('shows errors beside their controls', () => {
    const again = renderToStaticMarkup(
      <SocialMediaEditor
        name="socialMedia"
        defaultValue={socialMediaFormValue(stored)}
        errors={{ 'socialMedia[1].url': ['URL is required.'] }}
      />,
    );
    expect(control(again, 'socialMedia[1].url')).toContain('aria-invalid="true"');
    expect(again).toContain('URL is required.');
  });
});

describe('the server’s form reader and the widgets', () => {
  const schema = z.object({
    hours: hoursFormSchema,
    link: actionFormSchema({ required: false, communityRequired: true }),
    buttons: detailButtonsFormSchema({ communityRequired: true }),
    socialMedia: socialMediaFormSchema,
  });
  const full = Array.from({ length: MAX_DETAIL_BUTTONS }, (_, i) => ({
    title: `B${i}`,
    icon: 'star',
    action: 'call',
    actionKey: '5185550163',
  }));
  const html = [
    renderToStaticMarkup(
      <HoursEditor
        name="hours"
        defaultValue={hoursFormValue({ Mon: [1, 2, 3, 4].map((h) => ({ open: `${h}:00 AM`, close: `${h}:30 AM` })) })}
      />,
    ),
    renderToStaticMarkup(<ActionSelector name="link" defaultValue={EMPTY_ACTION} targets={targets} />),
    renderToStaticMarkup(<DetailButtonsEditor name="buttons" defaultValue={detailButtonsFormValue(full)} targets={targets} />),
    renderToStaticMarkup(
      <SocialMediaEditor
        name="socialMedia"
        defaultValue={socialMediaFormValue(Array.from({ length: 20 }, (_, i) => ({ site: 'google', url: `https://g.example/${i}` })))}
      />,
    ),
  ].join('');

  it('accepts every name the widgets post, with full lists', () => {
    const data = posted(html);
    expect(() => checkShape(data, [schema])).not.toThrow();
    expect(parseWithZod(data, { schema }).status).toBe('success');
  });

  const refusal = (data: FormData): unknown => {
    try {
      checkShape(data, [schema]);
      return null;
    } catch (error) {
      return error;
    }
  };

  it('refuses a row past a list’s cap before parsing, with a 400', () => {
    const data = posted(html);
    data.append(`buttons[${MAX_DETAIL_BUTTONS + 1}].title`, 'one too many');
    expect((refusal(data) as Response).status).toBe(400);
    const hours = new FormData();
    hours.append('hours.days.Mon[4].open', '09:00');
    expect((refusal(hours) as Response).status).toBe(400);
  });
});
