/**
 * Deterministic product art (no internet, so no photos): a category-themed palette, shapes
 * placed by a hash of the image key, and the product's short name. Same key, same picture.
 */
import { createHash } from 'node:crypto';

const PALETTES: readonly (readonly [string, string, string])[] = [
  ['#1d4ed8', '#93c5fd', '#eff6ff'],
  ['#047857', '#6ee7b7', '#ecfdf5'],
  ['#b45309', '#fcd34d', '#fffbeb'],
  ['#be123c', '#fda4af', '#fff1f2'],
  ['#6d28d9', '#c4b5fd', '#f5f3ff'],
  ['#0f766e', '#5eead4', '#f0fdfa'],
  ['#c2410c', '#fdba74', '#fff7ed'],
  ['#334155', '#cbd5e1', '#f8fafc'],
  ['#a21caf', '#f0abfc', '#fdf4ff'],
  ['#4d7c0f', '#bef264', '#f7fee7'],
];

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Splits a name into at most three lines of about 18 characters for the label. */
function labelLines(name: string): string[] {
  const words = name.replace(/,.*$/, '').split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if ((line + ' ' + word).trim().length > 18 && line) {
      lines.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
    if (lines.length === 3) break;
  }
  if (line && lines.length < 3) lines.push(line);
  return lines;
}

export function productArtSvg(key: string, name: string, paletteIndex: number, size = 800): string {
  const hash = createHash('sha256').update(key).digest();
  const [ink, accent, paper] = PALETTES[paletteIndex % PALETTES.length]!;
  const byte = (i: number) => hash[i % hash.length]!;
  const shapes: string[] = [];
  for (let i = 0; i < 6; i++) {
    const x = (byte(i * 3) / 255) * size;
    const y = (byte(i * 3 + 1) / 255) * size * 0.6;
    const r = 40 + (byte(i * 3 + 2) / 255) * 140;
    const opacity = (0.15 + (byte(i + 20) / 255) * 0.35).toFixed(2);
    const fill = i % 2 ? accent : ink;
    shapes.push(
      byte(i + 10) % 3 === 0
        ? `<rect x="${(x - r / 2).toFixed(0)}" y="${(y - r / 2).toFixed(0)}" width="${r.toFixed(0)}" height="${r.toFixed(0)}" rx="${(r / 6).toFixed(0)}" fill="${fill}" fill-opacity="${opacity}" transform="rotate(${byte(i + 30) % 90} ${x.toFixed(0)} ${y.toFixed(0)})"/>`
        : `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="${fill}" fill-opacity="${opacity}"/>`,
    );
  }
  const lines = labelLines(name);
  const fontSize = Math.round(size / 15);
  const text = lines
    .map(
      (line, i) =>
        `<text x="${size / 2}" y="${size * 0.72 + i * fontSize * 1.2}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="700" font-size="${fontSize}" fill="${ink}">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<rect width="${size}" height="${size}" fill="${paper}"/>${shapes.join('')}
<rect x="${size * 0.08}" y="${size * 0.62}" width="${size * 0.84}" height="${size * 0.32}" rx="24" fill="#ffffff" fill-opacity="0.85"/>${text}
</svg>`;
}
