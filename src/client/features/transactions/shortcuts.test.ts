import { describe, expect, it } from 'vitest';
import { overlayHoldsKeys, shortcutFor } from './shortcuts.js';

const press = (key: string, target: EventTarget | null = document.body, extra = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target,
  ...extra,
});

describe('the Transactions page shortcuts', () => {
  it('map n, /, e, Delete and ? to their actions', () => {
    expect(shortcutFor(press('n'), false)).toBe('new');
    expect(shortcutFor(press('/'), false)).toBe('search');
    expect(shortcutFor(press('e'), false)).toBe('edit');
    expect(shortcutFor(press('Delete'), false)).toBe('delete');
    expect(shortcutFor(press('?'), false)).toBe('help');
    expect(shortcutFor(press('x'), false)).toBeNull();
  });

  it('never fire while typing, with modifiers, or while a dialog is open', () => {
    for (const tag of ['input', 'textarea', 'select']) {
      expect(shortcutFor(press('n', document.createElement(tag)), false)).toBeNull();
    }
    expect(shortcutFor(press('n', document.createElement('button')), false)).toBe('new');
    expect(shortcutFor(press('n', document.body, { ctrlKey: true }), false)).toBeNull();
    expect(shortcutFor(press('/', document.body, { metaKey: true }), false)).toBeNull();
    expect(shortcutFor(press('e'), true)).toBeNull();
  });

  it('leave the keys to an open dialog or menu, not to one still fading out after closing', () => {
    const page = document.createElement('div');
    expect(overlayHoldsKeys(page)).toBe(false);
    page.innerHTML = '<div role="dialog" data-state="open"></div>';
    expect(overlayHoldsKeys(page)).toBe(true);
    page.innerHTML = '<div role="dialog" data-state="closed"></div>';
    expect(overlayHoldsKeys(page)).toBe(false);
    page.innerHTML = '<div role="menu"></div><div role="alertdialog" data-state="closed"></div>';
    expect(overlayHoldsKeys(page)).toBe(true);
  });
});
