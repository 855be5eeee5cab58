import { createCanvas } from '@napi-rs/canvas';
import type { AiImageSize, AiImagesProvider } from './types';

/**
 * The offline default (ARCHITECTURE "External services"): no OPENAI_API_KEY, so nobody is
 * asked. It draws a 1024x1024 picture on the server — a gradient whose colours come from the
 * prompt, with the prompt's words on it and a band that says it is an offline sample — so the
 * dialog can be tried end to end. The dialog says the service is offline too.
 */
export const AI_OFFLINE_MESSAGE =
  'The AI image service is offline: no OpenAI key is configured, so a drawn sample image is made from your prompt instead.';
export const AI_OFFLINE_BAND = 'Offline sample — not AI generated';
const SIZE = 1024;

/** A stable hue from the prompt's text. */
function hueOf(text: string, salt: number): number {
  let hash = salt;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 360;
}

function wrap(words: string[], fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (fits(next) || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export function drawOfflineImage(prompt: string, size: AiImageSize = '1024x1024'): Uint8Array {
  const [W = SIZE, H = SIZE] = size.split('x').map(Number);
  const canvas = createCanvas(W, H);
  const context = canvas.getContext('2d');
  const gradient = context.createLinearGradient(0, 0, W, H);
  gradient.addColorStop(0, `hsl(${hueOf(prompt, 7)}, 70%, 55%)`);
  gradient.addColorStop(1, `hsl(${hueOf(prompt, 13)}, 65%, 30%)`);
  context.fillStyle = gradient;
  context.fillRect(0, 0, W, H);
  for (let ring = 0; ring < 6; ring += 1) {
    context.fillStyle = `hsla(${hueOf(prompt, 17 + ring)}, 80%, 70%, 0.18)`;
    context.beginPath();
    context.arc((hueOf(prompt, 23 + ring) / 360) * W, (hueOf(prompt, 29 + ring) / 360) * H, 120 + ring * 40, 0, Math.PI * 2);
    context.fill();
  }
  const words = prompt.split(/\s+/).filter(Boolean).slice(0, 40);
  context.fillStyle = '#ffffff';
  context.font = 'bold 56px sans-serif';
  context.textAlign = 'center';
  const lines = wrap(words, (line) => context.measureText(line).width <= W - 160).slice(0, 8);
  lines.forEach((line, index) => context.fillText(line, W / 2, H / 2 - (lines.length * 70) / 2 + index * 70 + 40));
  context.fillStyle = 'rgba(0, 0, 0, 0.55)';
  context.fillRect(0, H - 110, W, 110);
  context.fillStyle = '#ffffff';
  context.font = 'bold 40px sans-serif';
  context.fillText(AI_OFFLINE_BAND, W / 2, H - 42);
  return new Uint8Array(canvas.toBuffer('image/png'));
}

export function createOfflineAiImages(): AiImagesProvider {
  return {
    offline: true,
    async generate(prompt, options = {}) {
      return { bytes: drawOfflineImage(prompt, options.size), contentType: 'image/png', revisedPrompt: null };
    },
  };
}
