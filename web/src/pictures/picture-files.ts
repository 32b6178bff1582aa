// Pictures of what the page draws, as files: an SVG that stands alone (the page's styles written
// into each element, so it looks the same anywhere) and PNGs at a given scale.

/** The presentation properties the page's stylesheet sets on its drawings. */
const PROPS = [
  'fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap', 'stroke-linejoin', 'stroke-dasharray',
  'opacity', 'visibility', 'font-family', 'font-size', 'font-weight', 'text-anchor', 'paint-order',
];

/** The size the SVG is drawn at on the page, in CSS pixels. */
export function drawnSize(svg: SVGSVGElement): { width: number; height: number } {
  const r = svg.getBoundingClientRect();
  return { width: Math.round(r.width), height: Math.round(r.height) };
}

/** An SVG document of `svg` as it looks on the page, at its drawn size, titled `title`. */
export function standaloneSvg(svg: SVGSVGElement, title: string): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const from = [svg, ...svg.querySelectorAll('*')];
  const to = [copy, ...copy.querySelectorAll('*')];
  const styles = new Map<Element, CSSStyleDeclaration>();
  from.forEach((e, i) => {
    const cs = getComputedStyle(e);
    styles.set(e, cs);
    const parent = e === svg ? null : styles.get(e.parentElement!);
    // What a child inherits is written once, on the element where it changes.
    const style = PROPS.map((p) => [p, cs.getPropertyValue(p)] as const)
      .filter(([p, v]) => v !== '' && (p === 'opacity' ? v !== '1' : !parent || parent.getPropertyValue(p) !== v))
      .map(([p, v]) => `${p}:${v}`).join(';');
    if (style) to[i]!.setAttribute('style', style);
    else to[i]!.removeAttribute('style');
    to[i]!.removeAttribute('class');
  });
  const { width, height } = drawnSize(svg);
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  const t = document.createElementNS('http://www.w3.org/2000/svg', 'title');
  t.textContent = title;
  copy.prepend(t);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`;
}

/** A PNG of an SVG document drawn at `width` × `height` CSS pixels times `scale`, on white. */
export async function svgToPng(svgText: string, width: number, height: number, scale: number): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const g = canvas.getContext('2d');
    if (!g) throw new Error('the browser has no 2D canvas');
    g.fillStyle = '#fff';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the browser made no PNG'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}
