import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';

/**
 * Draws the offline default's sample photos (small JPEGs, committed beside this file):
 * `npx tsx server/providers/stock-photos/samples/generate.ts`. Simple landscapes, drawn, so
 * no photo of anyone's is bundled.
 */

const WIDTH = 640;
const HEIGHT = 400;

interface Scene {
  name: string;
  sky: [string, string];
  ground: string;
  sun: string;
  hills: string;
}

export const SCENES: Scene[] = [
  { name: 'lake-sunrise', sky: ['#fbd38d', '#f6ad55'], ground: '#2b6cb0', sun: '#fff5d6', hills: '#4a5568' },
  { name: 'forest-trail', sky: ['#bee3f8', '#90cdf4'], ground: '#276749', sun: '#fffbea', hills: '#2f855a' },
  { name: 'mountain-evening', sky: ['#6b46c1', '#ed8936'], ground: '#1a202c', sun: '#feebc8', hills: '#2d3748' },
  { name: 'beach-day', sky: ['#63b3ed', '#bee3f8'], ground: '#f6e05e', sun: '#fffff0', hills: '#3182ce' },
  { name: 'campfire-night', sky: ['#1a365d', '#2a4365'], ground: '#22543d', sun: '#f6e05e', hills: '#1c4532' },
  { name: 'meadow-flowers', sky: ['#c3dafe', '#ebf8ff'], ground: '#68d391', sun: '#fffaf0', hills: '#38a169' },
  { name: 'river-bend', sky: ['#e6fffa', '#b2f5ea'], ground: '#2c7a7b', sun: '#fffff0', hills: '#276749' },
  { name: 'desert-noon', sky: ['#fefcbf', '#fbd38d'], ground: '#dd6b20', sun: '#ffffff', hills: '#c05621' },
  { name: 'snowy-peaks', sky: ['#ebf4ff', '#c3dafe'], ground: '#f7fafc', sun: '#fffff0', hills: '#a0aec0' },
  { name: 'autumn-hills', sky: ['#feebc8', '#fbd38d'], ground: '#9c4221', sun: '#fffaf0', hills: '#c05621' },
  { name: 'harbor-morning', sky: ['#fed7e2', '#bee3f8'], ground: '#2a4365', sun: '#fff5f7', hills: '#4a5568' },
  { name: 'prairie-storm', sky: ['#4a5568', '#a0aec0'], ground: '#b7791f', sun: '#e2e8f0', hills: '#744210' },
  { name: 'pine-ridge', sky: ['#c6f6d5', '#9ae6b4'], ground: '#1c4532', sun: '#f0fff4', hills: '#22543d' },
  { name: 'canyon-sunset', sky: ['#f687b3', '#ed8936'], ground: '#7b341e', sun: '#fefcbf', hills: '#9c4221' },
  { name: 'island-lagoon', sky: ['#90cdf4', '#e6fffa'], ground: '#38b2ac', sun: '#fffff0', hills: '#2f855a' },
  { name: 'lake-dusk', sky: ['#553c9a', '#d53f8c'], ground: '#2a4365', sun: '#fed7e2', hills: '#322659' },
];

export function drawScene(scene: Scene): Buffer {
  const canvas = createCanvas(WIDTH, HEIGHT);
  const context = canvas.getContext('2d');
  const sky = context.createLinearGradient(0, 0, 0, HEIGHT * 0.65);
  sky.addColorStop(0, scene.sky[0]);
  sky.addColorStop(1, scene.sky[1]);
  context.fillStyle = sky;
  context.fillRect(0, 0, WIDTH, HEIGHT);
  context.fillStyle = scene.sun;
  context.beginPath();
  context.arc(WIDTH * 0.72, HEIGHT * 0.3, 42, 0, Math.PI * 2);
  context.fill();
  context.fillStyle = scene.hills;
  context.beginPath();
  context.moveTo(0, HEIGHT * 0.65);
  for (let x = 0; x <= WIDTH; x += 40) context.lineTo(x, HEIGHT * 0.55 + Math.sin(x / 70) * 30);
  context.lineTo(WIDTH, HEIGHT);
  context.lineTo(0, HEIGHT);
  context.fill();
  context.fillStyle = scene.ground;
  context.fillRect(0, HEIGHT * 0.72, WIDTH, HEIGHT * 0.28);
  return canvas.toBuffer('image/jpeg', 80);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = dirname(fileURLToPath(import.meta.url));
  for (const scene of SCENES) writeFileSync(join(dir, `${scene.name}.jpg`), drawScene(scene));
}
