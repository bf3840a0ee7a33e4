import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/**
 * Makes every app icon from the one source, assets/icon.svg, into public/icons/ (committed, so a
 * build needs no image tools): the installable icons with rounded corners, the maskable ones at
 * full bleed (the source keeps its drawing inside the safe circle), the Apple touch icon, a
 * favicon, and the monochrome badge Android shows in the status bar for a notification.
 * Run `npm run icons` after changing the source.
 */
const root = path.resolve(import.meta.dirname, '..');
const source = fs.readFileSync(path.join(root, 'assets/icon.svg'));
const out = path.join(root, 'public/icons');
fs.mkdirSync(out, { recursive: true });

const render = (size: number) => sharp(source, { density: Math.ceil((72 * size) / 512) * 2 }).resize(size, size);

const rounded = async (size: number, file: string) => {
  const r = Math.round(size * 0.22);
  const mask = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${r}" ry="${r}"/></svg>`);
  const square = await render(size).png().toBuffer();
  await sharp(square).composite([{ input: mask, blend: 'dest-in' }]).png({ compressionLevel: 9 }).toFile(path.join(out, file));
};

const fullBleed = (size: number, file: string) => render(size).flatten().png({ compressionLevel: 9 }).toFile(path.join(out, file));

/** White where the source is white, transparent elsewhere: the shape alone, as badges must be. */
const badge = async (size: number, file: string) => {
  // The brand blue is grey 86 once greyscaled: map 86…255 to transparent…opaque, keeping the edges smooth.
  const alpha = await render(size).flatten().greyscale().linear(255 / 169, (-86 * 255) / 169).extractChannel(0).raw().toBuffer();
  await sharp({ create: { width: size, height: size, channels: 3, background: '#ffffff' } })
    .joinChannel(alpha, { raw: { width: size, height: size, channels: 1 } })
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, file));
};

await Promise.all([
  rounded(32, 'favicon-32.png'),
  rounded(192, 'icon-192.png'),
  rounded(512, 'icon-512.png'),
  fullBleed(192, 'maskable-192.png'),
  fullBleed(512, 'maskable-512.png'),
  fullBleed(180, 'apple-touch-icon-180.png'),
  badge(96, 'badge-96.png'),
]);
console.log(`icons written to ${path.relative(root, out)}/`);
