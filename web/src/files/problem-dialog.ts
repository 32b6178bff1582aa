// The BurrTools problem picker: a modal dialog listing a file's problems, each with its pieces;
// problems piecewise cannot solve are shown with the reason and cannot be picked.
import { h } from '../ui/dom';
import type { XmpuzzleProblem } from '../solver/module';

let seq = 0;

/** Resolves to the problem picked (1-based), or null when the user cancels. */
export function pickProblem(fileName: string, problems: XmpuzzleProblem[]): Promise<number | null> {
  const id = `pw-problems-${++seq}`;
  const usable = problems.findIndex((p) => !p.refusal);
  const options = problems.map((p, i) => {
    const reasonId = `${id}-why-${i}`;
    const radio = h('input', {
      type: 'radio', name: id, value: String(i + 1), 'data-testid': `problem-option-${i + 1}`,
      disabled: !!p.refusal, checked: i === usable, 'aria-describedby': p.refusal ? reasonId : undefined,
    });
    const pieces = `${p.pieces} piece${p.pieces === 1 ? '' : 's'}`;
    return h('li', { class: p.refusal ? 'pw-problem pw-refused' : 'pw-problem' },
      h('label', {}, radio, ` ${p.label} `, h('small', { text: `(${pieces})` })),
      p.refusal ? h('p', { id: reasonId, class: 'pw-problem-why', text: `Cannot be solved here: ${p.refusal}` }) : null);
  });
  const open = h('button', { type: 'submit', class: 'primary', 'data-testid': 'problem-open', disabled: usable < 0 }, 'Open');
  const cancel = h('button', { type: 'button', 'data-testid': 'problem-cancel' }, 'Cancel');
  const form = h('form', { method: 'dialog' },
    h('h2', { id: `${id}-title`, text: `${fileName} holds ${problems.length} problems` }),
    h('p', { text: usable < 0 ? 'None of them can be solved here:' : 'Which one do you want to open?' }),
    h('fieldset', {}, h('legend', { class: 'pw-visually-hidden', text: 'Problems' }), h('ul', {}, ...options)),
    h('div', { class: 'pw-dialog-buttons' }, open, cancel));
  const dialog = h('dialog', { class: 'pw-dialog', 'data-testid': 'problem-dialog', 'aria-labelledby': `${id}-title` }, form);
  document.body.append(dialog);
  return new Promise((resolve) => {
    let picked: number | null = null;
    form.addEventListener('submit', () => {
      const chosen = form.querySelector<HTMLInputElement>('input[type=radio]:checked');
      picked = chosen ? Number(chosen.value) : null;
    });
    cancel.addEventListener('click', () => dialog.close());
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve(picked);
    });
    dialog.showModal();
    (form.querySelector<HTMLInputElement>('input[type=radio]:checked') ?? cancel).focus();
  });
}
