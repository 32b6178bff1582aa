// The editor's 3D preview, loaded on first use: three.js is fetched when a 3D shape or a snake
// is edited, not with the page. Panels put the same element wherever they show it.
import { h } from '../ui/dom';
import type { PreviewCube, VoxelPreview } from './preview';

export class PreviewSlot {
  private readonly caption = h('div', { class: 'pw-editor-hint' });
  readonly element = h('div', { class: 'pw-editor-preview-box' }, this.caption);
  private preview: VoxelPreview | null = null;
  private loading = false;
  private cubes: PreviewCube[] = [];

  /** The slot with its caption, for a panel to place. */
  holder(caption: string): HTMLElement {
    this.caption.textContent = caption;
    return this.element;
  }

  /** Shows these cubes (once the preview has loaded, if it is loading). */
  show(cubes: PreviewCube[]): void {
    this.cubes = cubes;
    if (this.preview) this.preview.show(cubes);
    else this.load();
  }

  private load(): void {
    if (this.loading) return;
    this.loading = true;
    import('./preview').then(
      (m) => {
        this.preview = new m.VoxelPreview();
        this.element.append(this.preview.element);
        this.preview.show(this.cubes);
      },
      (e: unknown) => {
        this.caption.textContent = `3D preview unavailable: ${(e as Error).message}`;
      },
    );
  }

  dispose(): void {
    this.preview?.dispose();
  }
}
