import { h } from '../dom.js';
import { safeLine } from '../text.js';
import { type FieldContext, type FieldView, fieldChrome } from './field-view.js';

/**
 * A long list of choices as one control with one tab stop (ARIA combobox with an always-open listbox):
 * typing filters the list, ArrowUp/ArrowDown move through what is shown, Enter picks (or, in a
 * multi-select, toggles) the option under the cursor, Escape clears the filter. Focus stays in the text
 * box; the list follows with `aria-activedescendant`. The box scrolls as one region with the text box
 * pinned at its top, so the region always holds the control that scrolls it.
 */
export function listField(ctx: FieldContext, multi: boolean): FieldView {
  const { field, id, messages } = ctx;
  const t = messages.ui;
  const labelId = `${id}-label`;
  const listId = `${id}-list`;
  const statusId = `${id}-status`;
  const options = field.options ?? [];
  const chosen = new Set<string>(
    multi
      ? Array.isArray(ctx.initial)
        ? ctx.initial.map(String)
        : []
      : typeof ctx.initial === 'string'
        ? [ctx.initial]
        : [],
  );
  const input = h('input', {
    type: 'text',
    id,
    role: 'combobox',
    'aria-expanded': 'true',
    'aria-controls': listId,
    'aria-autocomplete': 'list',
    'aria-required': field.required && !multi ? 'true' : undefined,
    autocomplete: 'off',
    spellcheck: 'false',
    placeholder: t.t('list.filter'),
  });
  const items = options.map((option, index) => {
    const item = h(
      'li',
      { role: 'option', id: `${id}-o${index}`, 'aria-selected': String(chosen.has(option.value)) },
      h('bdi', {}, safeLine(option.label, 120)),
    );
    return { item, option, label: safeLine(option.label, 120).toLocaleLowerCase() };
  });
  const list = h(
    'ul',
    {
      id: listId,
      role: 'listbox',
      class: 'list',
      part: 'list',
      'aria-labelledby': labelId,
      'aria-multiselectable': multi ? 'true' : undefined,
    },
    ...items.map((entry) => entry.item),
  );
  const status = h('p', { id: statusId, class: 'hint', 'aria-live': 'polite' });
  const box = h('div', { class: 'combo' }, input, list);
  const chrome = fieldChrome(ctx, (invalid) => input.setAttribute('aria-invalid', String(invalid)));
  input.setAttribute('aria-describedby', `${chrome.describedBy} ${statusId}`);
  let active = -1;

  const visible = () => items.filter((entry) => !entry.item.hidden);
  const updateStatus = () => {
    const picked = items
      .filter((entry) => chosen.has(entry.option.value))
      .map((entry) => safeLine(entry.option.label, 120));
    const shown = visible().length;
    status.textContent = [
      picked.length > 0 ? t.t('list.selected', { choices: t.formatList(picked) }) : '',
      shown === 0 ? t.t('list.noMatch') : t.t('list.status', { shown, count: items.length }),
    ]
      .filter(Boolean)
      .join(' ');
  };
  const setActive = (index: number) => {
    items[active]?.item.classList.remove('active');
    active = index;
    const entry = items[index];
    if (!entry) {
      input.removeAttribute('aria-activedescendant');
      return;
    }
    entry.item.classList.add('active');
    input.setAttribute('aria-activedescendant', entry.item.id);
    // Scroll the box only (never the page): the option just below the pinned text box, or at the bottom.
    const top = entry.item.offsetTop - input.offsetHeight;
    if (top < box.scrollTop) box.scrollTop = top;
    else if (entry.item.offsetTop + entry.item.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = entry.item.offsetTop + entry.item.offsetHeight - box.clientHeight;
  };
  const pick = (index: number) => {
    const entry = items[index];
    if (!entry) return;
    const value = entry.option.value;
    if (multi) {
      if (chosen.has(value)) chosen.delete(value);
      else chosen.add(value);
    } else {
      const wasChosen = chosen.has(value);
      chosen.clear();
      // An optional single choice can be taken back; a required one stays chosen.
      if (!wasChosen || field.required) chosen.add(value);
    }
    for (const other of items)
      other.item.setAttribute('aria-selected', String(chosen.has(other.option.value)));
    setActive(index);
    updateStatus();
    input.dispatchEvent(new Event('change', { bubbles: true }));
  };
  const move = (step: 1 | -1) => {
    const shown = visible();
    if (shown.length === 0) return;
    const at = shown.findIndex((entry) => items.indexOf(entry) === active);
    const next =
      at < 0 ? (step === 1 ? 0 : shown.length - 1) : Math.min(Math.max(at + step, 0), shown.length - 1);
    setActive(items.indexOf(shown[next]!));
  };

  input.addEventListener('input', () => {
    const query = input.value.trim().toLocaleLowerCase();
    for (const entry of items) entry.item.hidden = query !== '' && !entry.label.includes(query);
    if (items[active]?.item.hidden !== false) setActive(items.indexOf(visible()[0]!));
    updateStatus();
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter') {
      // Enter picks here; it submits the form everywhere else.
      event.preventDefault();
      if (active >= 0) pick(active);
    } else if (event.key === 'Escape' && input.value !== '') {
      event.preventDefault(); // clears the filter; the next Escape cancels the prompt
      input.value = '';
      input.dispatchEvent(new Event('input'));
    }
  });
  for (const [index, entry] of items.entries()) {
    entry.item.addEventListener('mousedown', (event) => event.preventDefault()); // keep focus in the text box
    entry.item.addEventListener('click', () => {
      input.focus();
      pick(index);
    });
  }
  updateStatus();

  const element = h(
    'div',
    { class: 'field', part: 'field' },
    h('label', { for: id, id: labelId }, ...chrome.label),
    ...chrome.before,
    box,
    status,
    ...chrome.after,
  );
  return {
    field,
    element,
    focusId: id,
    read() {
      const picked = options.filter((option) => chosen.has(option.value)).map((option) => option.value);
      return { ok: true, value: multi ? picked : picked[0] };
    },
    showErrors: chrome.showErrors,
    focus: () => input.focus(),
  };
}
