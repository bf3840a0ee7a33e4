import { useRef, useState, type ButtonHTMLAttributes, type MouseEvent } from 'react';
import { createClickLock, DEFAULT_LOCK_MS } from './click-lock.ts';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick'> {
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  block?: boolean;
  /** May return a promise: the button stays busy until it settles. */
  onClick?: (event: MouseEvent<HTMLButtonElement>) => unknown;
  lockMs?: number;
}

/** A button with the 3000 ms anti-double-click lock; busy state is announced to screen readers. */
export const Button = ({ variant = 'primary', block, onClick, lockMs = DEFAULT_LOCK_MS, type = 'button', ...rest }: ButtonProps) => {
  const lock = useRef(createClickLock(lockMs));
  const [busy, setBusy] = useState(false);
  const handle = (event: MouseEvent<HTMLButtonElement>) => {
    if (!onClick) return;
    const ran = lock.current.run(() => {
      const result = onClick(event);
      if (result instanceof Promise) {
        setBusy(true);
        return result.finally(() => setBusy(false));
      }
      return result;
    });
    if (!ran) event.preventDefault();
  };
  return <button {...rest} type={type} className={`btn ${rest.className ?? ''}`} data-variant={variant} data-block={block} aria-busy={busy} onClick={handle} />;
};
