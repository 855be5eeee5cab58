import QRCode from 'qrcode';
import { emptyFlyer, eventLayout, newTextElement, type Flyer } from '~/lib/design';

/** The flyer the tests and the benchmark draw: the event layout (five texts, the QR code of a one-link) and one boxed text element. */
export async function sampleFlyer(): Promise<Flyer> {
  const qr = await QRCode.toDataURL('https://app.example/one-link', { margin: 4, width: 300 });
  const flyer = emptyFlyer('match');
  flyer.title = 'Pancake Breakfast';
  flyer.elements = eventLayout(
    {
      title: 'Pancake Breakfast',
      description: '<p>Fresh pancakes &amp; coffee</p><p>All welcome</p>',
      startDate: Date.UTC(2026, 6, 4, 13, 0),
      endDate: Date.UTC(2026, 6, 4, 15, 0),
      allDay: false,
      location: 'Main Pavilion',
    },
    'America/New_York',
    flyer.paper,
    qr,
  );
  flyer.elements.push({
    ...newTextElement(flyer.paper, 'extra'),
    box: { color: '#2255AACC', corners: true, cornerRadius: 12, shadow: { enable: true, distance: 6, blur: 8, color: '#00000099' } },
  });
  return flyer;
}
