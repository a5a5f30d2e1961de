import { act, forwardRef } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { DeferredMenu, type DeferredMenuProps, type StandInProps } from './deferred-menu.js';

// React's act() needs to know it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const StandIn = forwardRef<HTMLButtonElement, Omit<StandInProps, 'ref'>>(
  function StandIn(props, ref) {
    return (
      <button ref={ref} type="button" {...props}>
        stand-in
      </button>
    );
  },
);

function RealMenu({ defaultOpen }: DeferredMenuProps) {
  return <p data-testid="menu">{defaultOpen ? 'open' : 'closed'}</p>;
}

/** Runs `step` inside act and lets the promises it settles run their callbacks. */
const inAct = (step: () => void) =>
  act(async () => {
    step();
    await Promise.resolve();
  });

/** Renders a DeferredMenu whose code arrives only when the test says so. */
async function renderDeferred() {
  let arrive: () => void = () => {};
  const load = () =>
    new Promise<typeof RealMenu>((resolve) => {
      arrive = () => resolve(RealMenu);
    });
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  await inAct(() => root.render(<DeferredMenu load={load} menuProps={{}} standIn={StandIn} />));
  const button = host.querySelector('button') as HTMLButtonElement;
  return {
    host,
    button,
    arrive: () => inAct(arrive),
    unmount: () => inAct(() => root.unmount()),
  };
}

describe('DeferredMenu', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('opens when the code arrives after the press, before the click (Radix opens on press)', async () => {
    const menu = await renderDeferred();
    await inAct(() =>
      menu.button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true })),
    );
    await menu.arrive();
    expect(menu.host.textContent).toBe('open');
    await menu.unmount();
  });

  it('opens on a keyboard click (Enter or Space) while the code loads', async () => {
    const menu = await renderDeferred();
    await inAct(() => menu.button.click());
    await menu.arrive();
    expect(menu.host.textContent).toBe('open');
    await menu.unmount();
  });

  it('stays closed when the pointer only passed over the button', async () => {
    const menu = await renderDeferred();
    await inAct(() => {
      menu.button.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
      menu.button.dispatchEvent(new PointerEvent('pointerenter', { bubbles: false }));
    });
    await menu.arrive();
    expect(menu.host.textContent).toBe('closed');
    await menu.unmount();
  });
});
