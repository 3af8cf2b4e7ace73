/**
 * Trend charts: SVG built with createElementNS; each has a text alternative that says every point in words, and
 * marks where the skill's content changed and which points were reused rather than measured.
 */
import type { TrendPoint } from '../model.js';
import { el } from '../../viewer/browser/dom.js';

const SVG = 'http://www.w3.org/2000/svg';

function svgEl(tag: string, attrs: Readonly<Record<string, string | number>>): SVGElement {
  const node = document.createElementNS(SVG, tag) as SVGElement;
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

interface Placed {
  x: number;
  y: number;
  p: TrendPoint;
}

// x, y of each point in a box; composites are 0-100, so the y scale is fixed and charts compare at a glance.
function layout(points: readonly TrendPoint[], width: number, height: number, pad: number): Placed[] {
  const n = points.length;
  return points.map((p, i) => {
    const x = n === 1 ? width / 2 : pad + ((width - 2 * pad) * i) / (n - 1);
    const y = height - pad - ((height - 2 * pad) * Math.max(0, Math.min(100, p.composite))) / 100;
    return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10, p };
  });
}

function drawPoints(svg: SVGElement, placed: readonly Placed[], height: number, radius: number): void {
  for (const q of placed) {
    if (q.p.contentChanged) svg.append(svgEl('line', { x1: q.x, x2: q.x, y1: 0, y2: height, class: 'change' }));
  }
  if (placed.length > 1)
    svg.append(svgEl('polyline', { points: placed.map((q) => `${q.x},${q.y}`).join(' '), class: 'line' }));
  for (const q of placed)
    svg.append(svgEl('circle', { cx: q.x, cy: q.y, r: radius, class: q.p.reused ? 'dot-reused' : 'dot' }));
}

export function sparkline(points: readonly TrendPoint[], text: string): Element {
  if (points.length === 0) return el('span', { className: 'muted', text: 'no history' });
  const svg = svgEl('svg', {
    width: 84,
    height: 22,
    viewBox: '0 0 84 22',
    class: 'spark',
    role: 'img',
    'aria-label': text,
  });
  drawPoints(svg, layout(points, 84, 22, 3), 22, 1.8);
  return svg;
}

export function trendChart(points: readonly TrendPoint[], textId: string): SVGElement {
  const width = 640;
  const height = 200;
  const pad = 28;
  const svg = svgEl('svg', {
    viewBox: `0 0 ${width} ${height}`,
    width,
    height,
    class: 'chart',
    role: 'img',
    'aria-labelledby': textId,
    id: 'trend-chart',
  });
  for (const v of [0, 50, 100]) {
    const y = height - pad - ((height - 2 * pad) * v) / 100;
    svg.append(svgEl('line', { x1: pad, x2: width - pad, y1: y, y2: y, class: 'axis' }));
    const label = svgEl('text', { x: 2, y: y + 4 });
    label.textContent = String(v);
    svg.append(label);
  }
  const placed = layout(points, width, height, pad);
  drawPoints(svg, placed, height, 4);
  const ends = placed.length === 1 ? placed.slice(0, 1) : [placed[0], placed[placed.length - 1]];
  for (const q of ends) {
    if (q === undefined) continue;
    const label = svgEl('text', { x: Math.min(width - 80, Math.max(pad, q.x - 30)), y: height - 6 });
    label.textContent = q.p.date;
    svg.append(label);
  }
  return svg;
}
