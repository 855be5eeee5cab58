/**
 * Draws the demo communities' images into firebase/seed/files/, laid out as their storage
 * paths (the seeder copies each file to the same path in file storage). The images are
 * committed; run this again only to change them:
 *
 *   npx tsx firebase/seed/generate-images.ts [part of a path …]
 *
 * Header images are 1125x450 (the recommended header size for a single app), drawn as simple
 * layered landscapes without text (the caption is data the apps draw over the image); the resort map is 1125x600; list icons are 96x96.
 * Drawing is deterministic (a seeded random generator), so a rerun gives the same pictures.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';

const FILES = join(dirname(fileURLToPath(import.meta.url)), 'files');
const HEADER = { width: 1125, height: 450 };
const FONT = 'DejaVu Sans, Liberation Sans, sans-serif';

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function verticalGradient(ctx: SKRSContext2D, y0: number, y1: number, stops: Array<[number, string]>) {
  const gradient = ctx.createLinearGradient(0, y0, 0, y1);
  for (const [offset, colour] of stops) gradient.addColorStop(offset, colour);
  return gradient;
}

/** A ridge line across the picture, filled down to the bottom. */
function ridge(
  ctx: SKRSContext2D,
  rnd: () => number,
  base: number,
  amplitude: number,
  colour: string | CanvasGradient,
  width: number,
  height: number,
) {
  const phase = rnd() * Math.PI * 2;
  const phase2 = rnd() * Math.PI * 2;
  ctx.beginPath();
  ctx.moveTo(0, height);
  for (let x = 0; x <= width; x += 5) {
    const y = base - amplitude * (0.6 * Math.sin(x / 140 + phase) + 0.4 * Math.sin(x / 53 + phase2));
    ctx.lineTo(x, y);
  }
  ctx.lineTo(width, height);
  ctx.closePath();
  ctx.fillStyle = colour;
  ctx.fill();
}

function pine(ctx: SKRSContext2D, x: number, groundY: number, treeHeight: number, colour: string) {
  const w = treeHeight * 0.42;
  ctx.fillStyle = colour;
  for (let tier = 0; tier < 3; tier += 1) {
    const top = groundY - treeHeight + tier * treeHeight * 0.22;
    const bottom = groundY - treeHeight * 0.12 - (2 - tier) * treeHeight * 0.16;
    const half = (w / 2) * (0.6 + tier * 0.2);
    ctx.beginPath();
    ctx.moveTo(x, top);
    ctx.lineTo(x - half, bottom);
    ctx.lineTo(x + half, bottom);
    ctx.closePath();
    ctx.fill();
  }
  ctx.fillRect(x - treeHeight * 0.03, groundY - treeHeight * 0.14, treeHeight * 0.06, treeHeight * 0.14);
}

function roundTree(ctx: SKRSContext2D, x: number, groundY: number, size: number, leaves: string, trunk: string) {
  ctx.fillStyle = trunk;
  ctx.fillRect(x - size * 0.06, groundY - size * 0.7, size * 0.12, size * 0.7);
  ctx.fillStyle = leaves;
  const crowns: Array<[number, number, number]> = [
    [0, 0.85, 0.45],
    [-0.3, 0.65, 0.3],
    [0.3, 0.65, 0.3],
  ];
  for (const [dx, dy, radius] of crowns) {
    ctx.beginPath();
    ctx.arc(x + size * dx, groundY - size * dy, size * radius, 0, Math.PI * 2);
    ctx.fill();
  }
}

function sun(ctx: SKRSContext2D, x: number, y: number, radius: number, colour: string, glow: string) {
  const halo = ctx.createRadialGradient(x, y, radius * 0.5, x, y, radius * 4);
  halo.addColorStop(0, glow);
  halo.addColorStop(1, 'rgba(255,255,255,0)');
  ctx.fillStyle = halo;
  ctx.fillRect(x - radius * 4, y - radius * 4, radius * 8, radius * 8);
  ctx.fillStyle = colour;
  ctx.beginPath();
  ctx.arc(x, y, radius, 0, Math.PI * 2);
  ctx.fill();
}

type Scene = (ctx: SKRSContext2D, width: number, height: number) => void;

const lakesideSunrise: Scene = (ctx, width, height) => {
  const rnd = random(11);
  ctx.fillStyle = verticalGradient(ctx, 0, height * 0.6, [
    [0, '#5b7fb3'],
    [0.55, '#f4a86b'],
    [1, '#fde3b3'],
  ]);
  ctx.fillRect(0, 0, width, height);
  sun(ctx, width * 0.68, height * 0.5, 34, '#fff3d1', 'rgba(255,220,150,0.7)');
  ridge(ctx, rnd, height * 0.5, 40, '#7c8fb0', width, height);
  ridge(ctx, rnd, height * 0.56, 26, '#52688c', width, height);
  // The lake, with the sun's reflection.
  ctx.fillStyle = verticalGradient(ctx, height * 0.6, height, [
    [0, '#f1b886'],
    [0.3, '#7a97bd'],
    [1, '#2d4a6e'],
  ]);
  ctx.fillRect(0, height * 0.6, width, height * 0.4);
  ctx.fillStyle = 'rgba(255,240,200,0.55)';
  for (let i = 0; i < 14; i += 1) {
    const y = height * 0.62 + i * 9;
    const half = 60 - i * 3.5 + rnd() * 10;
    ctx.fillRect(width * 0.68 - half, y, half * 2, 3);
  }
  for (let x = 10; x < width * 0.32; x += 26 + rnd() * 20) pine(ctx, x, height * 0.64, 90 + rnd() * 70, '#1d2f2a');
  for (let x = width * 0.86; x < width; x += 24 + rnd() * 18) pine(ctx, x, height * 0.63, 80 + rnd() * 60, '#1d2f2a');
};

const pineTrail: Scene = (ctx, width, height) => {
  const rnd = random(23);
  ctx.fillStyle = verticalGradient(ctx, 0, height * 0.5, [
    [0, '#8fc3ea'],
    [1, '#dff1fb'],
  ]);
  ctx.fillRect(0, 0, width, height);
  ridge(ctx, rnd, height * 0.42, 30, '#8fb58a', width, height);
  ridge(ctx, rnd, height * 0.52, 22, '#5f8f5a', width, height);
  ridge(ctx, rnd, height * 0.66, 14, '#3f6d3c', width, height);
  // The trail winding towards the trees.
  ctx.fillStyle = '#b99a6b';
  ctx.beginPath();
  ctx.moveTo(width * 0.38, height);
  ctx.bezierCurveTo(width * 0.45, height * 0.82, width * 0.6, height * 0.78, width * 0.52, height * 0.62);
  ctx.lineTo(width * 0.545, height * 0.62);
  ctx.bezierCurveTo(width * 0.66, height * 0.8, width * 0.56, height * 0.86, width * 0.62, height);
  ctx.closePath();
  ctx.fill();
  for (let x = 0; x < width; x += 38 + rnd() * 30) {
    if (x > width * 0.4 && x < width * 0.66) continue;
    pine(ctx, x, height * (0.7 + rnd() * 0.25), 140 + rnd() * 110, rnd() > 0.5 ? '#234b2a' : '#2c5a31');
  }
};

const campfireNight: Scene = (ctx, width, height) => {
  const rnd = random(37);
  ctx.fillStyle = verticalGradient(ctx, 0, height, [
    [0, '#0b1330'],
    [0.7, '#1f2d5c'],
    [1, '#2b2f4a'],
  ]);
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#ffffff';
  for (let i = 0; i < 160; i += 1) {
    const size = rnd() * 1.8 + 0.4;
    ctx.globalAlpha = 0.4 + rnd() * 0.6;
    ctx.fillRect(rnd() * width, rnd() * height * 0.6, size, size);
  }
  ctx.globalAlpha = 1;
  sun(ctx, width * 0.16, height * 0.2, 26, '#f4f1e1', 'rgba(220,220,255,0.25)');
  ridge(ctx, rnd, height * 0.62, 30, '#141a33', width, height);
  // Firelight.
  const fireX = width * 0.55;
  const fireY = height * 0.8;
  const glow = ctx.createRadialGradient(fireX, fireY, 10, fireX, fireY, 300);
  glow.addColorStop(0, 'rgba(255,170,60,0.75)');
  glow.addColorStop(1, 'rgba(255,120,40,0)');
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, width, height);
  const flames: Array<[string, number]> = [
    ['#c2410c', 70],
    ['#f97316', 52],
    ['#fbbf24', 32],
  ];
  for (const [colour, flameHeight] of flames) {
    ctx.fillStyle = colour;
    ctx.beginPath();
    ctx.moveTo(fireX - flameHeight * 0.45, fireY);
    ctx.quadraticCurveTo(fireX - flameHeight * 0.3, fireY - flameHeight * 0.7, fireX, fireY - flameHeight);
    ctx.quadraticCurveTo(fireX + flameHeight * 0.3, fireY - flameHeight * 0.7, fireX + flameHeight * 0.45, fireY);
    ctx.closePath();
    ctx.fill();
  }
  ctx.fillStyle = '#4a2c17';
  ctx.fillRect(fireX - 55, fireY - 6, 110, 12);
  for (let x = 0; x < width; x += 30 + rnd() * 26) {
    if (x > width * 0.35 && x < width * 0.75) continue;
    pine(ctx, x, height * 0.86, 130 + rnd() * 100, '#05070f');
  }
};

const mainStreet: Scene = (ctx, width, height) => {
  const rnd = random(41);
  ctx.fillStyle = verticalGradient(ctx, 0, height * 0.7, [
    [0, '#7fb2de'],
    [1, '#f3dcc0'],
  ]);
  ctx.fillRect(0, 0, width, height);
  // Storefronts.
  const colours = ['#a6453a', '#c98d4b', '#7b5e4a', '#9b3f34', '#b7794a', '#6d5a6e'];
  let x = 0;
  let index = 0;
  while (x < width) {
    const w = 120 + rnd() * 70;
    const h = 170 + rnd() * 90;
    const top = height * 0.78 - h;
    // A non-empty literal indexed modulo its length.
    ctx.fillStyle = colours[index % colours.length]!;
    ctx.fillRect(x, top, w - 4, h);
    ctx.fillStyle = 'rgba(0,0,0,0.25)';
    ctx.fillRect(x, top, w - 4, 10);
    ctx.fillStyle = '#f6e7b0';
    for (let row = 0; row < 2; row += 1) {
      for (let col = 0; col < 3; col += 1) {
        ctx.fillRect(x + 14 + col * ((w - 36) / 3), top + 28 + row * 54, (w - 60) / 3, 34);
      }
    }
    ctx.fillStyle = '#2f3b45';
    ctx.fillRect(x + w / 2 - 18, height * 0.78 - 56, 36, 56);
    x += w;
    index += 1;
  }
  ctx.fillStyle = '#6b6f73';
  ctx.fillRect(0, height * 0.78, width, height * 0.22);
  ctx.fillStyle = '#f1f1e6';
  for (let stripe = 20; stripe < width; stripe += 90) ctx.fillRect(stripe, height * 0.9, 50, 5);
  for (let treeX = 60; treeX < width; treeX += 210 + rnd() * 40) {
    roundTree(ctx, treeX, height * 0.8, 120, rnd() > 0.5 ? '#d9722b' : '#c24b1f', '#4a3322');
  }
};

const riverFalls: Scene = (ctx, width, height) => {
  const rnd = random(53);
  ctx.fillStyle = verticalGradient(ctx, 0, height * 0.5, [
    [0, '#9cc6e6'],
    [1, '#e8f3f8'],
  ]);
  ctx.fillRect(0, 0, width, height);
  ridge(ctx, rnd, height * 0.38, 30, '#b0743d', width, height);
  ridge(ctx, rnd, height * 0.5, 24, '#8d5a2c', width, height);
  // The falls over a rock ledge, and the river below.
  ctx.fillStyle = '#6d6a64';
  ctx.fillRect(width * 0.3, height * 0.42, width * 0.4, height * 0.14);
  ctx.fillStyle = verticalGradient(ctx, height * 0.42, height * 0.7, [
    [0, '#e9f6ff'],
    [1, '#9fd0ec'],
  ]);
  ctx.fillRect(width * 0.36, height * 0.42, width * 0.28, height * 0.28);
  ctx.fillStyle = 'rgba(255,255,255,0.6)';
  for (let i = 0; i < 22; i += 1) ctx.fillRect(width * 0.36 + rnd() * width * 0.28, height * 0.42, 3, height * 0.28);
  ctx.fillStyle = verticalGradient(ctx, height * 0.68, height, [
    [0, '#7fb7d8'],
    [1, '#2f6d93'],
  ]);
  ctx.beginPath();
  ctx.moveTo(width * 0.3, height * 0.68);
  ctx.lineTo(width * 0.7, height * 0.68);
  ctx.lineTo(width * 0.95, height);
  ctx.lineTo(width * 0.05, height);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = '#5b7d3a';
  ctx.beginPath();
  ctx.moveTo(0, height * 0.6);
  ctx.lineTo(width * 0.3, height * 0.68);
  ctx.lineTo(width * 0.05, height);
  ctx.lineTo(0, height);
  ctx.closePath();
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(width, height * 0.6);
  ctx.lineTo(width * 0.7, height * 0.68);
  ctx.lineTo(width * 0.95, height);
  ctx.lineTo(width, height);
  ctx.closePath();
  ctx.fill();
  for (let treeX = 30; treeX < width * 0.27; treeX += 70 + rnd() * 30) roundTree(ctx, treeX, height * 0.7, 110, '#e08a2e', '#4a3322');
  for (let treeX = width * 0.76; treeX < width; treeX += 70 + rnd() * 30) roundTree(ctx, treeX, height * 0.7, 110, '#c9532a', '#4a3322');
};

/** The resort map: sites, roads, the lake and the main buildings, with labels. */
function resortMap(ctx: SKRSContext2D, width: number, height: number) {
  ctx.fillStyle = '#dcebc9';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#8cc3e3';
  ctx.beginPath();
  ctx.ellipse(width * 0.8, height * 0.3, 190, 135, -0.3, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = '#a8a8a0';
  ctx.lineWidth = 26;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(40, height * 0.68);
  ctx.lineTo(width * 0.66, height * 0.68);
  ctx.moveTo(width * 0.2, 60);
  ctx.lineTo(width * 0.2, height - 60);
  ctx.moveTo(width * 0.45, 60);
  ctx.lineTo(width * 0.45, height - 60);
  ctx.stroke();
  ctx.font = `bold 16px ${FONT}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  let site = 40;
  for (const column of [0.2, 0.45]) {
    for (const side of [-1, 1]) {
      for (let row = 0; row < 5; row += 1) {
        const y = 80 + row * 48 + (row > 2 ? 60 : 0);
        const x = width * column + side * 48;
        ctx.fillStyle = '#f7f3e3';
        ctx.fillRect(x - 26, y - 18, 52, 36);
        ctx.strokeStyle = '#7a7a6a';
        ctx.lineWidth = 2;
        ctx.strokeRect(x - 26, y - 18, 52, 36);
        ctx.fillStyle = '#33413a';
        ctx.fillText(String(site), x, y);
        site += 1;
      }
    }
  }
  const buildings: Array<[string, number, number, string]> = [
    ['Office', 0.08, 0.82, '#b85c38'],
    ['Pool', 0.32, 0.82, '#3f8fc4'],
    ['Pavilion', 0.56, 0.82, '#8a6d3b'],
    ['Beach', 0.78, 0.62, '#e0c77a'],
    ['Bathhouse A', 0.33, 0.6, '#6c7a89'],
  ];
  ctx.font = `bold 18px ${FONT}`;
  for (const [label, bx, by, colour] of buildings) {
    const boxWidth = Math.max(120, ctx.measureText(label).width + 28);
    ctx.fillStyle = colour;
    ctx.fillRect(width * bx - boxWidth / 2, height * by - 26, boxWidth, 52);
    ctx.fillStyle = '#ffffff';
    ctx.fillText(label, width * bx, height * by);
  }
  ctx.fillStyle = '#1f4d3a';
  ctx.font = `bold 30px ${FONT}`;
  ctx.textAlign = 'left';
  ctx.fillText('Pine Hollow RV Resort', 40, 34);
  ctx.fillStyle = '#1f3a4d';
  ctx.font = `italic 24px ${FONT}`;
  ctx.fillText('Pine Hollow Lake', width * 0.71, height * 0.3);
}

function petFriendlyIcon(ctx: SKRSContext2D, size: number) {
  ctx.fillStyle = '#2e6b4f';
  ctx.beginPath();
  ctx.arc(size / 2, size / 2, size / 2, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.ellipse(size / 2, size * 0.62, size * 0.17, size * 0.14, 0, 0, Math.PI * 2);
  ctx.fill();
  const toes: Array<[number, number]> = [
    [0.3, 0.42],
    [0.42, 0.3],
    [0.58, 0.3],
    [0.7, 0.42],
  ];
  for (const [tx, ty] of toes) {
    ctx.beginPath();
    ctx.ellipse(size * tx, size * ty, size * 0.065, size * 0.085, 0, 0, Math.PI * 2);
    ctx.fill();
  }
}

function outdoorSeatingIcon(ctx: SKRSContext2D, size: number) {
  ctx.fillStyle = '#e39b2d';
  ctx.beginPath();
  ctx.arc(size / 2, size / 2, size / 2, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.arc(size / 2, size * 0.42, size * 0.28, Math.PI, 0);
  ctx.closePath();
  ctx.fill();
  ctx.fillRect(size * 0.485, size * 0.42, size * 0.03, size * 0.34);
  ctx.fillRect(size * 0.28, size * 0.6, size * 0.44, size * 0.05);
  ctx.fillRect(size * 0.3, size * 0.6, size * 0.03, size * 0.16);
  ctx.fillRect(size * 0.67, size * 0.6, size * 0.03, size * 0.16);
}

/** A guest's signature on a form (white, a dark pen line): an answer of the signature field. */
function signature(ctx: SKRSContext2D, width: number, height: number) {
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.strokeStyle = '#1d2b64';
  ctx.lineWidth = 4;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  const rand = random(17);
  ctx.beginPath();
  ctx.moveTo(40, height * 0.62);
  let x = 40;
  while (x < width - 60) {
    const step = 30 + rand() * 40;
    ctx.bezierCurveTo(
      x + step * 0.3,
      height * (0.15 + rand() * 0.2),
      x + step * 0.7,
      height * (0.7 + rand() * 0.2),
      x + step,
      height * (0.45 + rand() * 0.2),
    );
    x += step;
  }
  ctx.stroke();
  // The underline a signature pad draws.
  ctx.strokeStyle = '#9aa3b5';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(30, height * 0.85);
  ctx.lineTo(width - 30, height * 0.85);
  ctx.stroke();
}

/** A guest's photo of a car parked at a site (an image answer). */
function parkedCar(ctx: SKRSContext2D, width: number, height: number) {
  ctx.fillStyle = verticalGradient(ctx, 0, height * 0.6, [
    [0, '#8ec5e8'],
    [1, '#d7ecf7'],
  ]);
  ctx.fillRect(0, 0, width, height * 0.6);
  ctx.fillStyle = '#5f8f3e';
  ctx.fillRect(0, height * 0.55, width, height * 0.45);
  ctx.fillStyle = '#8d8478';
  ctx.fillRect(0, height * 0.7, width, height * 0.3);
  // Pines behind the site.
  const rand = random(41);
  for (let index = 0; index < 9; index++) {
    const x = rand() * width;
    const h = height * (0.25 + rand() * 0.2);
    ctx.fillStyle = '#2f5d34';
    ctx.beginPath();
    ctx.moveTo(x, height * 0.58 - h);
    ctx.lineTo(x - h * 0.3, height * 0.58);
    ctx.lineTo(x + h * 0.3, height * 0.58);
    ctx.closePath();
    ctx.fill();
  }
  // The car: body, cabin, windows, wheels.
  const y = height * 0.62;
  ctx.fillStyle = '#b23a3a';
  ctx.beginPath();
  ctx.roundRect(width * 0.22, y, width * 0.56, height * 0.16, 18);
  ctx.fill();
  ctx.beginPath();
  ctx.roundRect(width * 0.32, y - height * 0.12, width * 0.34, height * 0.14, 22);
  ctx.fill();
  ctx.fillStyle = '#cfe6f5';
  ctx.fillRect(width * 0.35, y - height * 0.1, width * 0.13, height * 0.09);
  ctx.fillRect(width * 0.5, y - height * 0.1, width * 0.13, height * 0.09);
  ctx.fillStyle = '#222222';
  for (const wheel of [0.32, 0.68]) {
    ctx.beginPath();
    ctx.arc(width * wheel, y + height * 0.16, height * 0.06, 0, Math.PI * 2);
    ctx.fill();
  }
}

/** A guest's photo of a dripping spigot at a campsite (an issue report's image answer). */
function spigot(ctx: SKRSContext2D, width: number, height: number) {
  ctx.fillStyle = '#6d5a45';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#7d6a52';
  for (let row = 0; row < height; row += 40) ctx.fillRect(0, row, width, 3);
  ctx.fillStyle = '#9aa0a6';
  ctx.fillRect(width * 0.45, 0, width * 0.1, height * 0.45);
  ctx.fillRect(width * 0.3, height * 0.4, width * 0.3, height * 0.08);
  ctx.fillStyle = '#c0392b';
  ctx.beginPath();
  ctx.arc(width * 0.5, height * 0.32, width * 0.07, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#5dade2';
  for (let drop = 0; drop < 4; drop++) {
    ctx.beginPath();
    ctx.arc(width * 0.33, height * (0.55 + drop * 0.1), 8, 0, Math.PI * 2);
    ctx.fill();
  }
}

/** A phone showing the app's home screen: the community's header and menu tiles (the marketing screen's phone-only image). */
function appOnPhone(ctx: SKRSContext2D, width: number, height: number) {
  const radius = width * 0.12;
  const roundRect = (x: number, y: number, w: number, h: number, r: number) => {
    ctx.beginPath();
    ctx.moveTo(x + r, y);
    ctx.arcTo(x + w, y, x + w, y + h, r);
    ctx.arcTo(x + w, y + h, x, y + h, r);
    ctx.arcTo(x, y + h, x, y, r);
    ctx.arcTo(x, y, x + w, y, r);
    ctx.closePath();
  };
  ctx.fillStyle = '#1b1f24';
  roundRect(0, 0, width, height, radius);
  ctx.fill();
  const inset = width * 0.045;
  const screen = { x: inset, y: inset, w: width - inset * 2, h: height - inset * 2 };
  ctx.save();
  roundRect(screen.x, screen.y, screen.w, screen.h, radius * 0.8);
  ctx.clip();
  ctx.fillStyle = '#f4f1ea';
  ctx.fillRect(screen.x, screen.y, screen.w, screen.h);
  // The header: the lakeside sunrise, small.
  ctx.save();
  ctx.translate(screen.x, screen.y);
  lakesideSunrise(ctx, screen.w, screen.h * 0.32);
  ctx.restore();
  ctx.fillStyle = '#2e6b4f';
  ctx.fillRect(screen.x, screen.y + screen.h * 0.32, screen.w, screen.h * 0.07);
  ctx.fillStyle = '#ffffff';
  ctx.font = `bold ${Math.round(width * 0.055)}px ${FONT}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText('Pine Hollow RV Resort', screen.x + screen.w / 2, screen.y + screen.h * 0.355);
  const tiles = ['#2e6b4f', '#d9722b', '#3a6ea5', '#8a5a44', '#5b8c3a', '#b5472a', '#2f3b45', '#7a2e1d', '#3d8b8b'];
  const labels = ['Activities', 'Dining', 'Map', 'Rentals', 'Trails', 'Store', 'Messages', 'Forms', 'Contact'];
  const gap = screen.w * 0.05;
  const tile = (screen.w - gap * 4) / 3;
  ctx.font = `${Math.round(width * 0.04)}px ${FONT}`;
  tiles.forEach((colour, index) => {
    const x = screen.x + gap + (index % 3) * (tile + gap);
    const y = screen.y + screen.h * 0.43 + Math.floor(index / 3) * (tile + gap * 1.6);
    ctx.fillStyle = colour;
    roundRect(x, y, tile, tile, tile * 0.22);
    ctx.fill();
    ctx.fillStyle = '#ffffff';
    ctx.beginPath();
    ctx.arc(x + tile / 2, y + tile / 2, tile * 0.2, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#22303a';
    ctx.fillText(labels[index] ?? '', x + tile / 2, y + tile + gap * 0.6);
  });
  ctx.restore();
  ctx.fillStyle = '#1b1f24';
  roundRect(width * 0.36, inset + width * 0.02, width * 0.28, width * 0.06, width * 0.03);
  ctx.fill();
}

/** A square social-media post for the app (the marketing screen's introducing and ongoing images). */
function socialPost(title: string, subtitle: string, background: string): (ctx: SKRSContext2D, width: number, height: number) => void {
  return (ctx, width, height) => {
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, width, height);
    ctx.save();
    ctx.globalAlpha = 0.35;
    lakesideSunrise(ctx, width, height * 0.45);
    ctx.restore();
    ctx.fillStyle = '#ffffff';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.font = `bold ${Math.round(width * 0.054)}px ${FONT}`;
    ctx.fillText(title, width / 2, height * 0.56);
    ctx.font = `${Math.round(width * 0.036)}px ${FONT}`;
    ctx.fillText(subtitle, width / 2, height * 0.64);
    const phoneWidth = width * 0.14;
    ctx.save();
    ctx.translate(width / 2 - phoneWidth / 2, height * 0.69);
    appOnPhone(ctx, phoneWidth, phoneWidth * 2.1);
    ctx.restore();
  };
}

interface Picture {
  path: string;
  width: number;
  height: number;
  draw: (ctx: SKRSContext2D, width: number, height: number) => void;
}

export const PICTURES: Picture[] = [
  { path: 'demo-campground/images/header/1717200000000/lakeside-sunrise.jpg', ...HEADER, draw: lakesideSunrise },
  { path: 'demo-campground/images/header/1717200000000/pine-trail.jpg', ...HEADER, draw: pineTrail },
  { path: 'demo-campground/images/header/1717200000000/campfire-night.jpg', ...HEADER, draw: campfireNight },
  { path: 'demo-town/images/header/1717200000000/main-street.jpg', ...HEADER, draw: mainStreet },
  { path: 'demo-town/images/header/1717200000000/river-falls.jpg', ...HEADER, draw: riverFalls },
  { path: 'demo-campground/images/maps/1717200000000/resort-map.png', width: 1125, height: 600, draw: resortMap },
  {
    path: 'demo-campground/images/list-icons/1717200000000/pet-friendly.png',
    width: 96,
    height: 96,
    draw: (ctx, w) => petFriendlyIcon(ctx, w),
  },
  {
    path: 'demo-campground/images/list-icons/1717200000000/outdoor-seating.png',
    width: 96,
    height: 96,
    draw: (ctx, w) => outdoorSeatingIcon(ctx, w),
  },
  // Guest entries' image answers, at the spec's entry image paths (user-written/{location}/forms/{item}/{entry}/{name}.jpg).
  { path: 'user-written/demo-campground/forms/visitor-registration/vr-nguyen/vehicle-photo.jpg', width: 800, height: 600, draw: parkedCar },
  { path: 'user-written/demo-campground/forms/visitor-registration/vr-nguyen/signature.jpg', width: 600, height: 200, draw: signature },
  { path: 'user-written/demo-campground/forms/report-an-issue/ri-low-pressure/issue-photo.jpg', width: 800, height: 600, draw: spigot },
  { path: 'user-written/demo-town/forms/visitor-registration/vr-castillo/signature.jpg', width: 600, height: 200, draw: signature },
  // The marketing screen: the phone-only image and the introducing image (set in packageNames), and
  // the ongoing image found in storage by its name (spec 03 §7 social_marketing_downloaded.png).
  { path: 'demo-campground/images/marketing/1717200000000/phone-only.png', width: 360, height: 760, draw: appOnPhone },
  {
    path: 'demo-campground/images/marketing/1717200000000/introducing.jpg',
    width: 1080,
    height: 1080,
    draw: socialPost('INTRODUCING OUR MOBILE APP', 'Everything you need in the palm of your hand', '#1f4d3a'),
  },
  {
    path: 'demo-campground/images/social_marketing_downloaded.png',
    width: 1080,
    height: 1080,
    draw: socialPost('GET THE PINE HOLLOW APP', 'Activities, dining and trail maps on your phone', '#3a6ea5'),
  },
];

async function main() {
  const only = process.argv.slice(2);
  for (const picture of PICTURES) {
    if (only.length > 0 && !only.some((part) => picture.path.includes(part))) continue;
    const canvas = createCanvas(picture.width, picture.height);
    picture.draw(canvas.getContext('2d'), picture.width, picture.height);
    const bytes = picture.path.endsWith('.png') ? await canvas.encode('png') : await canvas.encode('jpeg', 82);
    const target = join(FILES, picture.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, bytes);
    console.log(`${picture.path} (${Math.round(bytes.length / 1024)} KB)`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
}
