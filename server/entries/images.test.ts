import { describe, expect, it } from 'vitest';
import { entryImagePath } from './images';

describe('entryImagePath', () => {
  it('takes bare storage paths and gs:// addresses inside the community folder', () => {
    expect(entryImagePath('pine', 'user-written/pine/forms/reg/-E1/photo.jpg')).toBe('user-written/pine/forms/reg/-E1/photo.jpg');
    expect(entryImagePath('pine', ' gs://bucket.appspot.com/user-written/pine/hunts/h/-E1/a.jpg ')).toBe(
      'user-written/pine/hunts/h/-E1/a.jpg',
    );
  });

  it('takes URLs of the product’s own storage inside the community folders', () => {
    expect(entryImagePath('pine', '/files/user-written/pine/a.jpg')).toBe('user-written/pine/a.jpg');
    expect(entryImagePath('pine', 'pine/images/logo.png')).toBe('pine/images/logo.png');
  });

  it('refuses other communities, other folders, other sites, traversal and non-strings', () => {
    expect(entryImagePath('pine', 'user-written/oak/forms/reg/-E1/photo.jpg')).toBeNull();
    expect(entryImagePath('pine', 'user-written/pinecone/forms/reg/-E1/photo.jpg')).toBeNull();
    expect(entryImagePath('pine', 'images/marketing/logo.png')).toBeNull();
    expect(entryImagePath('pine', 'https://example.com/user-written/pine/a.jpg')).toBeNull();
    expect(entryImagePath('pine', '/files/user-written/oak/a.jpg')).toBeNull();
    expect(entryImagePath('pine', 'user-written/pine/../oak/a.jpg')).toBeNull();
    expect(entryImagePath('pine', 'javascript:alert(1)')).toBeNull();
    expect(entryImagePath('pine', 42)).toBeNull();
  });
});
