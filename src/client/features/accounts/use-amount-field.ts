import { useState } from 'react';
import { AMOUNT_INPUT_PATTERN, parseAmount } from '../../../shared/validation.js';

/**
 * The state of an amount field: the text typed (only what AMOUNT_INPUT_PATTERN allows gets in),
 * the amount it stands for (null when not a valid amount), and whether to show the error yet.
 */
export function useAmountField() {
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const amount = parseAmount(text);
  return {
    text,
    amount,
    showError: touched && amount === null,
    /** Takes the new text if it may be typed at all; other keystrokes are ignored. */
    change(next: string) {
      if (!AMOUNT_INPUT_PATTERN.test(next)) return;
      setText(next);
      setTouched(true);
    },
    /** After a submit attempt the message shows even if nothing was typed. */
    touch: () => setTouched(true),
    reset() {
      setText('');
      setTouched(false);
    },
  };
}

export type AmountField = ReturnType<typeof useAmountField>;
