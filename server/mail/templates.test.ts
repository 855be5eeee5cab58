import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '@server/services';
import { installTestServices } from '../../tests/setup/services';
import {
  deleteTemplate,
  emailFromTemplate,
  readTemplate,
  renderTemplate,
  sanitizeTemplateHtml,
  saveTemplate,
  templateVersion,
} from './templates';

/** E-mail templates: placeholders, sanitizing, the built-in fallback and guarded saves (decision 046). */

describe('renderTemplate', () => {
  it('fills placeholders, escaping values in the body but not in the subject', () => {
    const rendered = renderTemplate(
      { title: 'Welcome to {{community}}', body: '<p>Hello {{ name }}, <a href="{{link}}">sign in</a></p>' },
      { community: "Bob & Sue's <Camp>", name: '<script>x</script>', link: 'https://a.example/?a=1&b="2"' },
    );
    expect(rendered.subject).toBe("Welcome to Bob & Sue's <Camp>");
    expect(rendered.body).toBe(
      '<p>Hello &#60;script&#62;x&#60;/script&#62;, <a href="https://a.example/?a=1&#38;b=&#34;2&#34;">sign in</a></p>',
    );
  });

  it('keeps unknown placeholders as written and drops line breaks from the subject', () => {
    const rendered = renderTemplate({ title: 'Hi {{name}}', body: '{{unknown}} {{name}}' }, { name: 'A\r\nBcc: x@y' });
    expect(rendered.subject).toBe('Hi A Bcc: x@y');
    expect(rendered.body).toBe('{{unknown}} A\r\nBcc: x@y');
  });
});

describe('sanitizeTemplateHtml', () => {
  it('drops scripts, handlers and javascript links, keeps formatting and placeholders', () => {
    const clean = sanitizeTemplateHtml(
      '<p onclick="x()">Hi <strong>{{name}}</strong><script>alert(1)</script> <a href="javascript:alert(1)">bad</a> <a href="{{link}}">go</a></p>',
    );
    expect(clean).toBe('<p>Hi <strong>{{name}}</strong> <a>bad</a> <a href="{{link}}">go</a></p>');
  });
});

let services: Services;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, close } = await installTestServices('email-templates', { seed: false }));
});

afterAll(async () => {
  await close?.();
});

describe('emailFromTemplate', () => {
  const builtIn = () => ({ subject: 'Built-in', body: '<p>Built-in</p>' });

  it('uses the built-in text when no template is stored', async () => {
    await deleteTemplate(services, 'invitation');
    expect(await emailFromTemplate(services, 'invitation', { name: 'Pat' }, builtIn)).toEqual(builtIn());
  });

  it('uses the stored template, sanitized and filled', async () => {
    const saved = await saveTemplate(services, {
      kind: 'invitation',
      adding: true,
      value: { title: 'Join {{community}}', body: '<p>Hi {{name}}<img src="x" onerror="alert(1)"></p>', url: '', drawable: '' },
      version: null,
    });
    expect(saved).toEqual({ kind: 'saved' });
    const stored = await readTemplate(services, 'invitation');
    expect(stored?.body).toBe('<p>Hi {{name}}<img src="x" /></p>');
    expect(await emailFromTemplate(services, 'invitation', { name: '<b>Pat</b>', community: 'Demo' }, builtIn)).toEqual({
      subject: 'Join Demo',
      body: '<p>Hi &#60;b&#62;Pat&#60;/b&#62;<img src="x" /></p>',
    });
  });

  it('falls back when the stored template has no body', async () => {
    await services.db.ref(services.paths.emailTemplates('approval')).set({ title: 'Only a subject', body: '  ' });
    expect(await emailFromTemplate(services, 'approval', {}, builtIn)).toEqual(builtIn());
  });
});

describe('saveTemplate', () => {
  it('refuses a stale version and a second add; deletes once', async () => {
    await deleteTemplate(services, 'sign-in-link');
    const value = { title: 'Sign in', body: '<p>{{link}}</p>', url: '', drawable: '' };
    expect(await saveTemplate(services, { kind: 'sign-in-link', adding: true, value, version: null })).toEqual({ kind: 'saved' });
    expect(await saveTemplate(services, { kind: 'sign-in-link', adding: true, value, version: null })).toEqual({ kind: 'taken' });
    const stored = (await readTemplate(services, 'sign-in-link'))!;
    const version = templateVersion(stored);
    expect(await saveTemplate(services, { kind: 'sign-in-link', adding: false, value: { ...value, title: 'A' }, version })).toEqual({
      kind: 'saved',
    });
    const stale = await saveTemplate(services, { kind: 'sign-in-link', adding: false, value: { ...value, title: 'B' }, version });
    expect(stale.kind).toBe('conflict');
    expect((await readTemplate(services, 'sign-in-link'))?.title).toBe('A');
    expect(await deleteTemplate(services, 'sign-in-link')).toBe('deleted');
    expect(await deleteTemplate(services, 'sign-in-link')).toBe('gone');
  });
});
