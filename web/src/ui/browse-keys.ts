// ←/→/Home/End browse the kept solutions, unless the user is typing somewhere.
export interface Browsable {
  /** The solution on screen (0-based, -1 for none). */
  current(): number;
  count(): number;
  show(n: number): void;
}

export function installBrowseKeys(target: Document, page: Browsable): void {
  target.addEventListener('keydown', (ev) => {
    const t = ev.target as HTMLElement | null;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
    if (ev.altKey || ev.ctrlKey || ev.metaKey || !page.count()) return;
    const to: Record<string, number> = {
      ArrowRight: page.current() + 1,
      ArrowLeft: page.current() - 1,
      Home: 0,
      End: page.count() - 1,
    };
    if (!(ev.key in to)) return;
    page.show(to[ev.key]!);
    ev.preventDefault();
  });
}
