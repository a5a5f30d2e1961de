import { useState } from 'react';
import {
  AMOUNT_INPUT_PATTERN,
  amountTextProblem,
  parseAmount,
} from '../../../shared/validation.js';

/**
 * The state of an amount field: the text typed (only what AMOUNT_INPUT_PATTERN allows gets in),
 * the amount it stands for (null when not a valid amount), and what is wrong with it: the
 * server's own words for a broken limit (too many decimals, above the maximum), else the form's
 * message (`invalidMessage`, the spec's "Please enter a valid amount...").
 */
export function useAmountField(invalidMessage: string, initialText = '') {
  const [text, setText] = useState(initialText);
  const [touched, setTouched] = useState(false);
  const amount = parseAmount(text);
  const error = amount === null ? (amountTextProblem(text) ?? invalidMessage) : null;
  return {
    text,
    amount,
    error,
    showError: touched && error !== null,
    /** Takes the new text if it may be typed at all; other keystrokes are ignored. */
    change(next: string) {
      if (!AMOUNT_INPUT_PATTERN.test(next)) return;
      setText(next);
      setTouched(true);
    },
    /** After a submit attempt the message shows even if nothing was typed. */
    touch: () => setTouched(true),
    reset() {
      setText(initialText);
      setTouched(false);
    },
  };
}

export type AmountField = ReturnType<typeof useAmountField>;
