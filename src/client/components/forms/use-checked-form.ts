import { useId, useState } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/** What checks a form's values: a zod schema (usually the shared one), or a resolver of its own. */
export type FormCheck<Values extends FieldValues, Checked> =
  { schema: z.ZodType<Checked, Values> } | { resolver: Resolver<Values, unknown, Checked> };

export interface CheckedFormOptions<Values extends FieldValues, Checked> {
  check: FormCheck<Values, Checked>;
  defaultValues: Values;
  /** Values owned by the parent (they follow it when it changes them). */
  values?: Values;
  /** Runs with the checked values once the submit passes the check. */
  onValid: (checked: Checked) => void | Promise<void>;
  /** Told the first problem of a refused submit (e.g. the account form's toast). */
  onInvalid?: (problem: string, errors: FieldErrors<Values>) => void;
}

/** The first message of a refused submit, in the order the schema found them. */
export function firstProblem(errors: FieldErrors): string | null {
  for (const error of Object.values(errors)) {
    if (error && typeof error.message === 'string') return error.message;
  }
  return null;
}

/**
 * react-hook-form set up the way every form of the app behaves: values checked on submit only
 * (a message stays until the next submit, unless a field clears its own), browser validation
 * off (the forms carry noValidate), and focus left where the person put it (no jump to the
 * first bad field). `problem` is the first message of the last submit, for forms that show one
 * line of trouble rather than one under each field.
 */
export function useCheckedForm<Values extends FieldValues, Checked>(
  options: CheckedFormOptions<Values, Checked>,
) {
  const form: UseFormReturn<Values, unknown, Checked> = useForm<Values, unknown, Checked>({
    resolver:
      'schema' in options.check
        ? (zodResolver(options.check.schema as never) as unknown as Resolver<
            Values,
            unknown,
            Checked
          >)
        : options.check.resolver,
    defaultValues: options.defaultValues as DefaultValues<Values>,
    values: options.values,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [problem, setProblem] = useState<string | null>(null);

  const submit = form.handleSubmit(
    async (checked) => {
      setProblem(null);
      await options.onValid(checked);
    },
    (errors) => {
      const message = firstProblem(errors) ?? 'Invalid input';
      setProblem(message);
      options.onInvalid?.(message, errors);
    },
  );

  const id = useId();
  /** What a field component needs: the form, the field's name, and its element id. */
  const field = <Name extends Path<Values>>(name: Name) => ({ form, name, id: `${id}-${name}` });
  /** The form element's own props: this submit, browser validation off, the usual spacing. */
  const formProps = {
    onSubmit: (event: React.FormEvent) => void submit(event),
    noValidate: true,
    className: 'space-y-4',
  };

  return { form, submit, problem, setProblem, id, field, formProps };
}
