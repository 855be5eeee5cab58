import { describe, expect, it } from 'vitest';
import type { EntryItem } from '../store';
import { entryFiles } from './files';

/** Which stored files of an entry go into Export Photos and Export Files, and which never do. */

const form: EntryItem = {
  context: 'custom-forms',
  node: 'custom-forms',
  key: 'survey',
  kind: 'form',
  title: 'Survey',
  record: {
    fields: [
      { type: 'image', name: 'photo', label: 'Site photo' },
      { type: 'file', name: 'permit', label: 'Permit' },
    ],
  },
} as EntryItem;

const entry = (photo: string, permit?: string) => ({
  answers: { photo: { value: photo }, ...(permit ? { permit: { value: permit } } : {}) },
});

describe('entryFiles', () => {
  it('takes the community’s files however the app wrote them: a URL, a bare storage path, gs://', () => {
    expect(entryFiles(form, 'pines', entry('http://localhost:3000/files/user-written/pines/forms/survey/e1/a.jpg'), 'photos')).toEqual([
      { name: 'Site photo', path: 'user-written/pines/forms/survey/e1/a.jpg' },
    ]);
    expect(entryFiles(form, 'pines', entry('user-written/pines/forms/survey/e1/a.jpg'), 'photos')).toEqual([
      { name: 'Site photo', path: 'user-written/pines/forms/survey/e1/a.jpg' },
    ]);
    expect(entryFiles(form, 'pines', entry('x', 'gs://bucket.appspot.com/user-written/pines/forms/survey/e1/p.pdf'), 'files')).toEqual([
      { name: 'Permit', path: 'user-written/pines/forms/survey/e1/p.pdf' },
    ]);
  });

  it('never another community’s file or an outside address', () => {
    expect(entryFiles(form, 'pines', entry('user-written/lakeside/forms/survey/e1/a.jpg'), 'photos')).toEqual([]);
    expect(entryFiles(form, 'pines', entry('https://tracker.example/a.jpg'), 'photos')).toEqual([]);
    expect(entryFiles(form, 'pines', entry('/files/lakeside/images/a.jpg'), 'photos')).toEqual([]);
  });
});
