import { useRef, useState, type ComponentType, type Ref } from 'react';

/** What the real menu gets when it replaces its stand-in. */
export interface DeferredMenuProps {
  /** The person already clicked the stand-in: open straight away. */
  defaultOpen: boolean;
  /** The stand-in had keyboard focus: give it to the real trigger. */
  autoFocus: boolean;
}

export interface StandInProps {
  ref: Ref<HTMLButtonElement>;
  'aria-haspopup': 'menu';
  'aria-expanded': false;
  onPointerEnter: () => void;
  onFocus: () => void;
  onPointerDown: () => void;
  onClick: () => void;
}

/**
 * A menu whose code loads on first intent (pointer over its button, focus, or a click) rather
 * than with the page: the Radix menu stack is about 30 KB gzip that every signed-in screen would
 * otherwise fetch before it is idle. Until then `standIn` is the same button; once the code
 * is in, the real menu takes its place in one commit, open if the button was clicked meanwhile.
 */
export function DeferredMenu<P extends object, S extends object = object>(props: {
  load: () => Promise<ComponentType<DeferredMenuProps & P>>;
  /** What the menu needs besides DeferredMenuProps. */
  menuProps: P;
  standIn: ComponentType<StandInProps & S>;
  /** What the stand-in needs besides StandInProps. */
  standInProps?: S;
}) {
  const StandIn = props.standIn;
  const [Menu, setMenu] = useState<ComponentType<DeferredMenuProps & P> | null>(null);
  const [openRequested, setOpenRequested] = useState(false);
  const [autoFocus, setAutoFocus] = useState(false);
  const standInRef = useRef<HTMLButtonElement>(null);
  const loading = useRef(false);

  function load() {
    if (loading.current) return;
    loading.current = true;
    props.load().then(
      (component) => {
        setAutoFocus(document.activeElement === standInRef.current);
        // A function given to a state setter is called as an updater, so wrap the component.
        setMenu(() => component);
      },
      () => {
        loading.current = false; // offline for a moment: the next intent tries again
      },
    );
  }

  function requestOpen() {
    setOpenRequested(true);
    load();
  }

  if (Menu) return <Menu {...props.menuProps} defaultOpen={openRequested} autoFocus={autoFocus} />;
  return (
    <StandIn
      {...(props.standInProps as S)}
      ref={standInRef}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={load}
      onFocus={load}
      // The press, not the click: Radix's trigger opens on pointerdown, so if the menu code
      // arrives between the press and the click, the click lands on a trigger that ignores it.
      onPointerDown={requestOpen}
      // Enter and Space on the focused button click without a press.
      onClick={requestOpen}
    />
  );
}
