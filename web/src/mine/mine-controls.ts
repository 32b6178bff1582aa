// Rename and Delete for the puzzle of My puzzles on the page (#mine-slot, beside the puzzle menu),
// Keep for a puzzle opened from a link, and the line where My puzzles say what happened
// (deleted, with Undo; not saved, and why).
import { h } from '../ui/dom';

export interface MineControlsActions {
  /** Keeps the puzzle on the page (opened from a link); resolves to an error message or null. */
  keep(): Promise<string | null>;
  /** Renames the record on the page; resolves to an error message or null. */
  rename(name: string): Promise<string | null>;
  /** Deletes it; resolves to an error message or null. */
  remove(): Promise<string | null>;
  undoRemove(): Promise<string | null>;
}

export class MineControls {
  private readonly renameButton = h('button', { type: 'button', 'data-testid': 'mine-rename', title: 'Rename this puzzle in My puzzles' }, 'Rename');
  private readonly deleteButton = h('button', { type: 'button', 'data-testid': 'mine-delete', title: 'Delete this puzzle from My puzzles' }, 'Delete');
  private readonly nameInput = h('input', { type: 'text', 'data-testid': 'mine-name', 'aria-label': 'New name', maxlength: 120, size: 16 });
  private readonly form = h('form', { class: 'pw-rename', hidden: true },
    this.nameInput,
    h('button', { type: 'submit', 'data-testid': 'mine-rename-save' }, 'Save'),
    h('button', { type: 'button', 'data-testid': 'mine-rename-cancel', onclick: () => this.closeForm() }, 'Cancel'));
  private readonly message = h('p', { class: 'pw-mine-message', 'data-testid': 'mine-message', role: 'status' });
  private readonly buttons = h('span', { class: 'pw-mine-buttons', hidden: true }, this.renameButton, this.deleteButton);
  private readonly keepButton = h('button', {
    type: 'button', 'data-testid': 'mine-keep', hidden: true,
    title: 'This puzzle came from a link: keep it in My puzzles of this browser',
  }, 'Keep in My puzzles');

  constructor(slot: HTMLElement, private readonly actions: MineControlsActions) {
    this.renameButton.addEventListener('click', () => this.openForm());
    this.deleteButton.addEventListener('click', () => void this.remove());
    this.keepButton.addEventListener('click', () => void this.keep());
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.rename();
    });
    this.form.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') this.closeForm();
    });
    this.message.hidden = true;
    slot.append(this.keepButton, this.buttons, this.form, this.message);
  }

  /** Shows or hides Keep (the page's puzzle came from a link and is not kept). */
  offerKeep(show: boolean): void {
    this.keepButton.hidden = !show;
  }

  /** Shows the buttons for one of My puzzles named `name`, or hides them (null). */
  showFor(name: string | null): void {
    this.buttons.hidden = name === null || !this.form.hidden;
    if (name === null) this.form.hidden = true;
    this.nameInput.value = name ?? '';
  }

  /** A one-line message; `undo` adds an Undo button. Empty text hides it. */
  say(text: string, undo = false): void {
    this.message.replaceChildren(text);
    if (undo) {
      this.message.append(' ', h('button', {
        type: 'button', 'data-testid': 'mine-undo',
        onclick: async () => this.say((await this.actions.undoRemove()) ?? ''),
      }, 'Undo'));
    }
    this.message.hidden = text === '';
  }

  private openForm(): void {
    this.buttons.hidden = true;
    this.form.hidden = false;
    this.nameInput.focus();
    this.nameInput.select();
  }

  private closeForm(): void {
    this.form.hidden = true;
    this.buttons.hidden = false;
    this.renameButton.focus();
  }

  private async rename(): Promise<void> {
    const error = await this.actions.rename(this.nameInput.value);
    this.say(error ?? '');
    if (!error) this.closeForm();
  }

  private async keep(): Promise<void> {
    const error = await this.actions.keep();
    this.say(error ?? '');
    if (!error) this.offerKeep(false);
  }

  private async remove(): Promise<void> {
    const error = await this.actions.remove();
    if (error) this.say(error);
  }
}
