import { describe, expect, it } from 'vitest';
import { businessHome, isBusinessHome } from './business-home';

const marina = {
  isBusinessOnly: true,
  phone: '(518) 555-0199',
  address: '12 Harbor Road',
  city: 'Lake George',
  state: 'NY',
  zip: '12845',
  latitude: '43.42',
  longitude: '-73.71',
  reservationURL: 'https://book.example.com/marina',
  website: 'https://marina.example.com',
  hasSpecial: true,
  menu: 'https://marina.example.com/specials',
};

describe('business-only home', () => {
  it('applies only to business-only communities that are not in progress, on the main menu', () => {
    expect(isBusinessHome(marina)).toBe(true);
    expect(isBusinessHome({ ...marina, inProgress: true })).toBe(false);
    expect(isBusinessHome({ ...marina, isBusinessOnly: false })).toBe(false);
    expect(isBusinessHome(marina, 'dining-resort')).toBe(false);
  });

  it('shows every action whose data is there, in the spec order', () => {
    const home = businessHome(marina, '<p>Slips and rentals</p>');
    expect(home.actions.map((action) => action.label)).toEqual(['Call', 'Map', 'Reservations', 'Website', 'Special']);
    expect(home.actions[0]?.href).toBe('tel:5185550199');
    expect(home.actions[1]?.href).toBe(
      'https://www.google.com/maps/search/?api=1&query=12%20Harbor%20Road%2C%20Lake%20George%2C%20NY%2012845',
    );
    expect(home.address).toBe('12 Harbor Road');
    expect(home.cityLine).toBe('Lake George, NY 12845');
    expect(home.htmlDescription).toBe('<p>Slips and rentals</p>');
  });

  it('maps by coordinates alone and leaves out what is missing or unsafe', () => {
    const home = businessHome(
      { latitude: 43.4, longitude: -73.7, website: 'javascript:alert(1)', hasSpecial: false, menu: 'https://x.example' },
      '',
    );
    expect(home.actions.map((action) => action.id)).toEqual(['map']);
    expect(home.actions[0]?.href).toContain('query=43.4%2C-73.7');
    expect(businessHome({}, '').actions).toEqual([]);
  });
});
