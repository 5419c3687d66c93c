#!/usr/bin/env node
// Renders media/icon.png (128×128): nested retry arcs on a dark tile, drawn pixel by pixel and
// written as a PNG with node's zlib, so the icon needs no image tools to rebuild.
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const N = 128;
const px = Buffer.alloc(N * N * 4);
const bg = [24, 28, 36], ring = [255, 138, 61], inner = [255, 196, 120], arrow = [255, 138, 61];
const set = (x, y, [r, g, b], a = 255) => {
  const i = (y * N + x) * 4;
  const t = a / 255;
  px[i] = Math.round(px[i] * (1 - t) + r * t);
  px[i + 1] = Math.round(px[i + 1] * (1 - t) + g * t);
  px[i + 2] = Math.round(px[i + 2] * (1 - t) + b * t);
  px[i + 3] = 255;
};
const cx = 64, cy = 64;
for (let y = 0; y < N; y++) {
  for (let x = 0; x < N; x++) {
    // rounded tile
    const dx = Math.max(Math.abs(x + 0.5 - cx) - 44, 0), dy = Math.max(Math.abs(y + 0.5 - cy) - 44, 0);
    if (Math.hypot(dx, dy) > 18) { px[(y * N + x) * 4 + 3] = 0; continue; }
    set(x, y, bg);
    const r = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
    const angle = (Math.atan2(y + 0.5 - cy, x + 0.5 - cx) * 180) / Math.PI; // -180..180
    const open = (lo, hi) => !(angle > lo && angle < hi);
    // outer arc with a gap at the top right (where the arrow head sits), inner arc, core dot
    const cover = (d, w) => Math.max(0, Math.min(1, w / 2 + 0.5 - Math.abs(d)));
    if (open(-70, -35)) { const a = cover(r - 44, 9); if (a > 0) set(x, y, ring, a * 255); }
    if (open(-80, -40)) { const a = cover(r - 26, 7); if (a > 0) set(x, y, inner, a * 255); }
    const a = cover(r - 6, 12); if (a > 0 && r < 9) set(x, y, inner, a * 255);
  }
}
// arrow head at the end of the outer arc (pointing clockwise)
const tip = [cx + 44 * Math.cos((-70 * Math.PI) / 180), cy + 44 * Math.sin((-70 * Math.PI) / 180)];
for (let y = 0; y < N; y++) for (let x = 0; x < N; x++) {
  const u = x + 0.5 - tip[0], v = y + 0.5 - tip[1];
  // triangle: base across the ring, apex pointing along the tangent
  const t = (-70 * Math.PI) / 180, tx = -Math.sin(t), ty = Math.cos(t), nx = Math.cos(t), ny = Math.sin(t);
  const along = -(u * tx + v * ty), across = u * nx + v * ny;
  if (along > -2 && along < 16 && Math.abs(across) < 11 * (1 - along / 16)) set(x, y, arrow);
}
const rows = Buffer.alloc(N * (N * 4 + 1));
for (let y = 0; y < N; y++) { rows[y * (N * 4 + 1)] = 0; px.copy(rows, y * (N * 4 + 1) + 1, y * N * 4, (y + 1) * N * 4); }
const crcTable = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
const crc = (buf) => { let c = 0xffffffff; for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
const chunk = (type, data) => { const len = Buffer.alloc(4); len.writeUInt32BE(data.length); const td = Buffer.concat([Buffer.from(type), data]); const c = Buffer.alloc(4); c.writeUInt32BE(crc(td)); return Buffer.concat([len, td, c]); };
const ihdr = Buffer.alloc(13); ihdr.writeUInt32BE(N, 0); ihdr.writeUInt32BE(N, 4); ihdr[8] = 8; ihdr[9] = 6;
writeFileSync(new URL("../media/icon.png", import.meta.url), Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0))]));
